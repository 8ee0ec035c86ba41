import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { messages } from '@paylane/shared/messages';
import { SMS_BODY_MAX } from '@paylane/shared/messaging';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useCreatePaymentLink } from '../../features/pay-links/api/create-payment-link';
import { attachmentAccept, attachmentProblem } from './attachment';
import { useChatDraft } from '../../features/chat/hooks/use-chat-draft';
import { isSendable, type ChatDraft } from '../../features/chat/hooks/use-chat-send';
import { ChatTemplatePicker } from './chat-template-picker';
import { languageOptions } from './chat-languages';

type Props = {
  merchantId: string;
  customerId: string;
  accountId: string | null;
  /** docs/product.md §6 free text; without it the message comes from a template only. */
  canWriteFreeText: boolean;
  defaultLanguage: string;
  /** The customer replied STOP: nothing can be sent, and the composer says so before anyone types. */
  isOptedOut?: boolean;
  /** The message box takes the focus when the conversation opens (the inbox). */
  autoFocus?: boolean;
  /** Answers false when nothing was sent (empty, or no account to send from). */
  onSend: (draft: ChatDraft) => boolean;
};

/**
 * docs/product.md §2/§5 chat input: template picker rendered for this customer and account, message (Enter sends,
 * Shift+Enter adds a line; free typing only with the capability, else 'Choose a template to chat...'),
 * attachment (images and PDF under 1 MB), message language, the payment link (with payments), Send.
 */
export function ChatComposer(props: Props) {
  const { canWriteFreeText, accountId, isOptedOut = false } = props;
  const [body, setBody] = useChatDraft(props.merchantId, props.customerId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [language, setLanguage] = useState(props.defaultLanguage);
  const paymentHintId = useId();
  const draft: ChatDraft = { body, templateId, file, language };
  const canSend = accountId !== null && !isOptedOut && isSendable(draft);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (props.autoFocus && !isOptedOut) messageBox.current?.focus();
  }, [props.autoFocus, isOptedOut]);

  const createLink = useCreatePaymentLink();
  // The link goes into the message box, so only someone who may type there adds one; others send the
  // Payment Request template, which carries a fresh link.
  const canAddPaymentLink = accountId !== null && canWriteFreeText && !isOptedOut;
  const addPaymentLink = () => {
    if (accountId === null) return;
    createLink.mutate(
      { merchantId: props.merchantId, customerId: props.customerId, accountId },
      {
        onSuccess: ({ payment_link }) =>
          setBody((current) => (current.trim() ? `${current.trimEnd()} ${payment_link}` : payment_link)),
      },
    );
  };

  const submit = () => {
    if (!props.onSend(draft)) return;
    setBody('');
    setTemplateId(null);
    setFile(null);
  };
  // Enter or Ctrl/⌘+Enter sends; Shift+Enter adds a line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const pickFile = (picked: File | null) => {
    const problem = picked ? attachmentProblem(picked) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
  };

  return (
    <Stack gap="xs" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {isOptedOut ? (
        <Alert color="red" variant="light" p="xs" title="Opted out of texts">
          This customer replied STOP and gets no texts until they text START.
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ChatTemplatePicker
          merchantId={props.merchantId}
          target={{ customerId: props.customerId, accountId }}
          templateId={templateId}
          onRendered={(id, rendered) => {
            setTemplateId(id);
            setBody(rendered);
          }}
        />
        <NativeSelect
          label="Message language"
          data={languageOptions}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
          w={140}
        />
      </Group>
      <Textarea
        ref={messageBox}
        label="Message"
        rows={3}
        maxLength={SMS_BODY_MAX}
        disabled={isOptedOut}
        readOnly={!canWriteFreeText}
        placeholder={canWriteFreeText ? 'Type a message...' : messages.chooseTemplate}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {file ? (
        <Group gap={4}>
          <Text size="sm">{file.name}</Text>
          <CloseButton size="sm" aria-label="Remove attachment" onClick={() => setFile(null)} />
        </Group>
      ) : null}
      {fileError ? (
        <Text size="sm" c="red.8" role="alert">
          {fileError}
        </Text>
      ) : null}
      <Group justify="space-between">
        <Group gap="xs">
          <FileButton onChange={pickFile} accept={attachmentAccept} disabled={isOptedOut}>
            {(buttonProps) => (
              <Button {...buttonProps} variant="default" size="xs" disabled={isOptedOut}>
                Attach file
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            size="xs"
            onClick={addPaymentLink}
            loading={createLink.isPending}
            disabled={!canAddPaymentLink}
            aria-describedby={paymentHintId}
          >
            Payment Link
          </Button>
          <VisuallyHidden id={paymentHintId}>
            {canAddPaymentLink
              ? 'Adds a new payment link for this account to the message.'
              : 'Without free typing, send the Payment Request template instead.'}
          </VisuallyHidden>
        </Group>
        <Button size="xs" onClick={submit} disabled={!canSend}>
          Send
        </Button>
      </Group>
      {accountId === null ? (
        <Text size="xs" c="dimmed">
          The customer has no account to send from.
        </Text>
      ) : null}
    </Stack>
  );
}
