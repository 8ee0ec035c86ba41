import { z } from 'zod';
import { messages } from '../messages';
import { SMS_BODY_MAX } from '../messaging';
import { cursorPageOf } from './paging';
import { chatMessageSchema } from './messages';
import { MAX_PAGE_SIZE } from './paging';

// The chat window (docs/product.md §2 shared chat window, §3 Chat message, §5 Chat rules, §7 Inbox and chat) and its
// websocket events (docs/product.md §4: /ws/chat/{customerId}/?token=).

/** GET .../customers/{id}/messages/?cursor=&page_size=25&search= — newest first; `next` pages to older. */
export const chatMessagesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: z.string().trim().max(200).optional(),
});
export const chatMessagePageSchema = cursorPageOf(chatMessageSchema);

/** docs/product.md §5: images and PDF under 1 MB. */
export const ATTACHMENT_MAX_BYTES = 1_048_576;
export const attachmentContentTypes = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

/** POST .../accounts/{id}/send_message/ (docs/product.md §7: customer, message, file_url, content_type). */
export const sendChatMessageSchema = z
  .object({
    customer: z.string().min(1),
    message: z.string().max(SMS_BODY_MAX, { error: messages.templateBodyTooLong }).default(''),
    /** Set when the body comes from a template (required without free-text permission). */
    message_template_id: z.string().nullable().optional(),
    /** A media_path from upload_mms_media. */
    file_url: z.string().max(500).nullable().optional(),
    content_type: z.enum(attachmentContentTypes).nullable().optional(),
    /** The language the message is written in (docs/product.md §2 language selector). */
    language: z.string().max(10).optional(),
  })
  .refine((value) => value.message.trim() !== '' || Boolean(value.file_url), {
    // docs/product.md §5: an empty trimmed message with no attachment is not sent.
    path: ['message'],
    error: 'Required',
  });
export type SendChatMessage = z.input<typeof sendChatMessageSchema>;
/** docs/product.md §7: the response is keyed by customer id. */
export const sendChatMessageAnswerSchema = z.record(z.string(), chatMessageSchema);

export const uploadMediaAnswerSchema = z.object({ media_path: z.string() });

/** What the server pushes on /ws/chat/{customerId}/: a new or changed message of that customer. */
export const chatSocketEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('ready'), last_message_id: z.string().nullable() }),
]);
export type ChatSocketEvent = z.infer<typeof chatSocketEventSchema>;
