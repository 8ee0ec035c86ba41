import { notifications } from '@mantine/notifications';
import type { AttachmentContentType } from '../../../components/chat-window/attachment';
import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { messages, translateMessage } from '@paylane/shared/messages';
import { displayStatus } from '@paylane/shared/messaging';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorDetailText } from '../../../lib/notify';
import { isApiError } from '../../../lib/api-error';
import { chatMessagesKey } from '../api/keys';
import { sendChatMessage } from '../api/send-chat-message';
import { uploadMmsMedia } from '../api/upload-mms-media';
import { mergeChatMessage, type ChatHistory } from '../api/chat-cache';

export type ChatDraft = {
  body: string;
  templateId: string | null;
  file: File | null;
  language: string;
};

/** A message on its way: a spinner until the server's answer replaces it (docs/product.md §4), or why it failed. */
export type PendingMessage = {
  key: string;
  /** What was sent, so a failed send can be retried as it was. */
  draft: ChatDraft;
  body: string;
  attachmentName: string | null;
  isFailed: boolean;
  /** The server's own reason, when it gave one (e.g. the customer opted out). */
  reason: string | null;
};

/** docs/product.md §8: a failed send says 'The message was not sent due to an error'. */
export function toastNotSent(): void {
  notifications.show({ color: 'red', message: messages.messageNotSent, autoClose: 5000 });
}

/** docs/product.md §5: an empty trimmed message with no attachment is not sent. */
export const isSendable = (draft: Pick<ChatDraft, 'body' | 'file'>) =>
  draft.body.trim() !== '' || draft.file !== null;

export function useChatSend(merchantId: string, customerId: string, accountId: string | null) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const settle = useCallback(
    (key: string, message: ChatMessage) => {
      setPending((current) => current.filter((item) => item.key !== key));
      queryClient.setQueryData<ChatHistory>(chatMessagesKey(merchantId, customerId, ''), (history) =>
        mergeChatMessage(history, message),
      );
      if (displayStatus(message.status, message.error_code) === 'Failed to send') toastNotSent();
    },
    [queryClient, merchantId, customerId],
  );

  const fail = useCallback((key: string, error: unknown) => {
    const reason = isApiError(error) && error.status >= 400 && error.status < 500 ? reasonOf(error) : null;
    setPending((current) =>
      current.map((item) => (item.key === key ? { ...item, isFailed: true, reason } : item)),
    );
    toastNotSent();
  }, []);

  const deliver = useCallback(
    async (key: string, draft: ChatDraft) => {
      if (!accountId) return;
      try {
        const media = draft.file ? await uploadMmsMedia(merchantId, accountId, draft.file) : null;
        const message = await sendChatMessage(
          merchantId,
          accountId,
          {
            customer: customerId,
            message: draft.body.trim(),
            message_template_id: draft.templateId,
            file_url: media?.media_path ?? null,
            content_type: draft.file ? (draft.file.type as AttachmentContentType) : null,
            language: draft.language,
          },
          key,
        );
        settle(key, message);
      } catch (error) {
        fail(key, error);
      }
    },
    [accountId, merchantId, customerId, settle, fail],
  );

  const send = useCallback(
    (draft: ChatDraft): boolean => {
      if (!accountId || !isSendable(draft)) return false;
      // One key per message: a retry of the same request after a lost answer sends it once.
      const key = crypto.randomUUID();
      setPending((current) => [
        ...current,
        {
          key,
          draft,
          body: draft.body.trim(),
          attachmentName: draft.file?.name ?? null,
          isFailed: false,
          reason: null,
        },
      ]);
      void deliver(key, draft);
      return true;
    },
    [accountId, deliver],
  );

  /**
   * A send that failed before the server answered, sent again with its key: if the first attempt did reach
   * the server, the server answers that message and sends nothing twice.
   */
  const retry = useCallback(
    (key: string) => {
      const failed = pending.find((item) => item.key === key && item.isFailed);
      if (!failed) return;
      setPending((current) =>
        current.map((item) => (item.key === key ? { ...item, isFailed: false, reason: null } : item)),
      );
      void deliver(key, failed.draft);
    },
    [pending, deliver],
  );

  const dismiss = useCallback(
    (key: string) => setPending((current) => current.filter((item) => item.key !== key)),
    [],
  );

  /**
   * The socket can bring our own message before the send's answer does. The spinner for it goes then, or the
   * window would show the message twice until the answer lands (the answer still merges it by id).
   */
  const absorbEcho = useCallback((message: ChatMessage) => {
    if (message.direction !== 'outbound') return;
    setPending((current) => {
      const echoed = current.findIndex((item) => !item.isFailed && item.body === message.body);
      return echoed === -1 ? current : current.filter((_, index) => index !== echoed);
    });
  }, []);

  return { pending, send, retry, dismiss, absorbEcho };
}

function reasonOf(error: unknown): string | null {
  if (isApiError(error) && error.fieldErrors) {
    const text = Object.values(error.fieldErrors).flat()[0];
    if (text) return translateMessage(text);
  }
  return errorDetailText(error) || null;
}
