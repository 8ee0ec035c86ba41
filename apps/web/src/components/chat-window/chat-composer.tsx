import {
  Alert,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { BodyCounter } from '../body-counter';
import { useCreatePaymentLink } from '../../features/pay-links/api/create-payment-link';
import { attachmentAccept, attachmentProblem } from './attachment';
import { useChatDraft } from '../../features/chat/hooks/use-chat-draft';
import { isSendable, type ChatDraft } from '../../features/chat/hooks/use-chat-send';
import { ChatMessageBox } from './chat-message-box';
import { ChatTemplatePicker, useChatTemplates } from './chat-template-picker';
import { languageOptions } from './chat-languages';
import { textColors } from '../../lib/scheme-colors';

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
 * docs/product.md §2/§5 chat input, docked under the messages (issue 20 item 2): a toolbar with the template
 * picker rendered for this customer and account, message language, attachment (images and PDF under 1 MB) and
 * the payment link; the message box (growing with the text; '/' searches templates; Enter sends, Shift+Enter
 * adds a line; free typing only with the capability, else 'Choose a template to chat...'); the characters and
 * SMS segments the text costs; Send.
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
  const templates = useChatTemplates(
    props.merchantId,
    { customerId: props.customerId, accountId },
    (id, rendered) => {
      setTemplateId(id);
      setBody(rendered);
      messageBox.current?.focus();
    },
  );
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
  const pickFile = (picked: File | null) => {
    const problem = picked ? attachmentProblem(picked) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
  };

  return (
    <Stack gap={6} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {isOptedOut ? (
        <Alert color="red" variant="light" p="xs" title="Opted out of texts">
          This customer replied STOP and gets no texts until they text START.
        </Alert>
      ) : null}
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Message tools">
        <ChatTemplatePicker templates={templates} templateId={templateId} />
        <NativeSelect
          aria-label="Message language"
          size="xs"
          data={languageOptions}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
          w={110}
        />
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
      <ChatMessageBox
        ref={messageBox}
        body={body}
        onChange={setBody}
        onSubmit={submit}
        templates={templates}
        canWriteFreeText={canWriteFreeText}
        disabled={isOptedOut}
      />
      {file ? (
        <Group gap={4}>
          <Text size="sm">{file.name}</Text>
          <CloseButton size="sm" aria-label="Remove attachment" onClick={() => setFile(null)} />
        </Group>
      ) : null}
      {fileError ? (
        <Text size="sm" c={textColors.danger} role="alert">
          {fileError}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box style={{ flex: 1 }}>{body ? <BodyCounter body={body} /> : null}</Box>
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
