import { Button, Checkbox, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { messages } from '@paylane/shared/messages';
import { mergeSnippet, SMS_BODY_MAX } from '@paylane/shared/messaging';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { BodyCounter } from '../../../components/body-counter';
import { insertAtCursor } from '../../../lib/insert-at-cursor';
import type { ComposeFormValues } from '../compose-form';

type Props = {
  form: UseFormReturn<ComposeFormValues>;
  templates: MessageTemplate[];
  templateId: string | null;
  onTemplateChange: (template: MessageTemplate | null) => void;
  /** docs/product.md §6: free typing needs the freeText capability; otherwise the template's body is sent as written. */
  canWriteFreeText: boolean;
  /** docs/product.md §6: 'Save as template' follows the template pages' capability. */
  canSaveTemplate: boolean;
  needsBatchName: boolean;
  batchNamePlaceholder: string;
  disabled: boolean;
};

/** docs/product.md §2 compose: template picker, message, payment link snippet, batch name, save as new template. */
export function ComposeMessageFields(props: Props) {
  const { form, disabled, canWriteFreeText } = props;
  const { errors } = form.formState;
  const messageId = useId();
  const [message, saveAsTemplate] = useWatch({
    control: form.control,
    name: ['message', 'save_as_template'],
  });
  const isReadOnly = !canWriteFreeText;

  const insertPaymentLink = () => {
    const element = document.getElementById(messageId);
    if (!(element instanceof HTMLTextAreaElement)) return;
    const next = insertAtCursor(form.getValues('message'), mergeSnippet('payment_link'), {
      start: element.selectionStart,
      end: element.selectionEnd,
    });
    form.setValue('message', next.text, { shouldDirty: true, shouldValidate: true });
    element.focus();
    element.setSelectionRange(next.cursor, next.cursor);
  };

  return (
    <Stack gap="sm">
      <Select
        label="Template"
        placeholder="Choose a template"
        searchable
        clearable
        disabled={disabled}
        data={props.templates.map((template) => ({ value: template.id, label: template.name }))}
        value={props.templateId}
        onChange={(id) =>
          props.onTemplateChange(props.templates.find((template) => template.id === id) ?? null)
        }
        nothingFoundMessage="No Results Found"
        comboboxProps={{ withinPortal: true }}
      />
      <div>
        <Textarea
          id={messageId}
          label="Message"
          withAsterisk
          rows={5}
          maxLength={SMS_BODY_MAX}
          readOnly={isReadOnly || disabled}
          placeholder={isReadOnly ? 'Choose a template' : undefined}
          description={isReadOnly ? messages.freeTextNotAllowed : undefined}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <BodyCounter body={message} />
      </div>
      <Group>
        <Button
          size="compact-sm"
          variant="default"
          disabled={isReadOnly || disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={insertPaymentLink}
        >
          Insert Payment Link
        </Button>
      </Group>
      <TextInput
        label="Batch Name"
        withAsterisk={props.needsBatchName}
        description={props.needsBatchName ? undefined : 'Optional for chosen customers'}
        placeholder={props.batchNamePlaceholder}
        disabled={disabled}
        error={errors.batch_name?.message}
        {...form.register('batch_name')}
      />
      {props.canSaveTemplate ? (
        <Stack gap={6}>
          <Checkbox label="Save as new template" disabled={disabled} {...form.register('save_as_template')} />
          {saveAsTemplate ? (
            <TextInput
              label="Template Name"
              withAsterisk
              disabled={disabled}
              error={errors.template_name?.message}
              {...form.register('template_name')}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
