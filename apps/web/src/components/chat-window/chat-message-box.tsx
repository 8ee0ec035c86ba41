import { Combobox, Stack, Text, Textarea, useCombobox } from '@mantine/core';
import { SMS_BODY_MAX } from '@paylane/shared/messaging';
import { messages } from '@paylane/shared/messages';
import { useEffect, type KeyboardEvent, type Ref } from 'react';
import { textBodyOf, type useChatTemplates } from './chat-template-picker';

type Props = {
  ref: Ref<HTMLTextAreaElement>;
  body: string;
  onChange: (body: string) => void;
  /** Enter (without Shift) when no '/' menu is open. */
  onSubmit: () => void;
  templates: ReturnType<typeof useChatTemplates>;
  canWriteFreeText: boolean;
  disabled: boolean;
};

/** How many templates the '/' menu lists at once. */
const SLASH_MENU_SIZE = 8;

/** '/pay' at the start of an otherwise empty message box searches the templates for 'pay'. */
const slashQueryOf = (body: string) => (/^\/\S*$/.test(body) ? body.slice(1).toLowerCase() : null);

/**
 * The message box (issue 20 item 2): it grows with the text up to 8 lines; typing '/' in an empty box lists
 * the templates (searched by name as you type, each with its text), and picking one puts it in the box rendered
 * for this customer and account, to read and change before Send. Enter sends, Shift+Enter adds a line.
 */
export function ChatMessageBox({
  ref,
  body,
  onChange,
  onSubmit,
  templates,
  canWriteFreeText,
  disabled,
}: Props) {
  const query = canWriteFreeText ? slashQueryOf(body) : null;
  const matches =
    query === null
      ? []
      : templates.options
          .filter((template) => template.name.toLowerCase().includes(query))
          .slice(0, SLASH_MENU_SIZE);
  const isMenuOpen = query !== null && !disabled;
  const combobox = useCombobox({ opened: isMenuOpen });
  useEffect(() => {
    if (isMenuOpen) combobox.selectFirstOption();
    // The first match is the one Enter picks, whenever the search changes.
  }, [isMenuOpen, query, matches.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // With the menu open Enter picks the highlighted template (the combobox clicks it), it never sends '/pay'.
    if (!isMenuOpen) onSubmit();
  };

  return (
    <Combobox
      store={combobox}
      position="top-start"
      width="target"
      onOptionSubmit={(id) => void templates.choose(id)}
    >
      <Combobox.Target withKeyboardNavigation={isMenuOpen}>
        <Textarea
          ref={ref}
          aria-label="Message"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={SMS_BODY_MAX}
          disabled={disabled}
          readOnly={!canWriteFreeText}
          placeholder={canWriteFreeText ? 'Type a message... (/ for templates)' : messages.chooseTemplate}
          value={body}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown aria-label="Templates">
        <Combobox.Options>
          {matches.length === 0 ? (
            <Combobox.Empty>{`No template named like “${query}”`}</Combobox.Empty>
          ) : (
            matches.map((template) => (
              <Combobox.Option value={template.id} key={template.id}>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {template.name}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {textBodyOf(template)}
                  </Text>
                </Stack>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
