import { z } from 'zod';
import { messages } from '../messages';
import { messageStatuses } from '../messaging';
import { validationMessages } from '../validation';
import { pageOf } from './paging';

// Messages: mass texts and their batches (docs/product.md §3 Mass message payload, §7 send customers message, message
// batches with cancel_pending, §2 /message-report), and a message as the chat shows it (docs/product.md §3 Chat message).

/**
 * Recipients of one mass text: one batch is one request (docs/conventions.md §7 accepts 100,000 at once). Their ids are
 * ours (UUIDs), so the body stays under ~4 MB; the server's body limit for this route is sized to that.
 */
export const MAX_RECIPIENTS = 100_000;

/** POST /api/merchants/{id}/customers/send_customers_message/ (accepts an Idempotency-Key header). */
export const sendCustomersMessageSchema = z.object({
  message_template_id: z.string().nullable().optional(),
  /** The body as written; merge fields are filled per recipient. */
  message: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, { error: validationMessages.required })
    .max(300, { error: messages.templateBodyTooLong }),
  /** Our customer ids (a CSV's external ids are resolved first with retrieve_optouts). */
  customers: z
    .array(z.string().min(1).max(100))
    .min(1, { error: messages.noRecipients })
    .max(MAX_RECIPIENTS, { error: messages.tooManyRecipients }),
  batch_name: z
    .string({ error: messages.batchNameRequired })
    .trim()
    .min(1, { error: messages.batchNameRequired })
    .max(200, { error: validationMessages.maxLength }),
  is_csv_imported: z.boolean().default(false),
});
export type SendCustomersMessage = z.input<typeof sendCustomersMessageSchema>;

export const sendCustomersMessageAnswerSchema = z.object({
  batch_id: z.string(),
  /** Messages written, one per recipient who may be texted. */
  queued: z.number().int(),
  /** Left out: opted out, voided, or without a phone for texts. */
  skipped: z.number().int(),
  /** Ids that match no customer of the merchant, as sent. */
  unknown_customers: z.array(z.string()),
});
export type SendCustomersMessageAnswer = z.infer<typeof sendCustomersMessageAnswerSchema>;

export const messageStatusSchema = z.enum(messageStatuses);

/** Progress of a batch by status (what has not left yet is pending). */
export const batchCountsSchema = z.object({
  pending: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  canceled: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const messageBatchSchema = z.object({
  id: z.string(),
  batch_name: z.string(),
  message: z.string(),
  message_template_id: z.string().nullable(),
  template_name: z.string().nullable(),
  is_csv_imported: z.boolean(),
  recipient_count: z.number().int(),
  created: z.string(),
  created_by: z.string().nullable(),
  canceled: z.string().nullable(),
  counts: batchCountsSchema,
});
export type MessageBatch = z.infer<typeof messageBatchSchema>;
export const messageBatchPageSchema = pageOf(messageBatchSchema);

export const messageBatchListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
});

/** One recipient's message in /message-report/{id}/details. */
export const batchMessageSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  to: z.string(),
  body: z.string(),
  status: messageStatusSchema,
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  send_after: z.string(),
  sent: z.string().nullable(),
  updated: z.string(),
});
export type BatchMessage = z.infer<typeof batchMessageSchema>;
export const batchMessagePageSchema = pageOf(batchMessageSchema);

export const batchMessageListQuerySchema = z.object({
  status: z.enum(['pending', 'queued', 'sent', 'delivered', 'failed', 'canceled']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
});

/** docs/product.md §3 Chat message. */
export const chatMessageSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  account_id: z.string().nullable(),
  direction: z.enum(['outbound', 'inbound']),
  channel: z.enum(['sms', 'email']),
  sender: z.object({ first_name: z.string(), last_name: z.string(), roles: z.array(z.string()) }).nullable(),
  body: z.string(),
  language: z.string(),
  translations: z.record(z.string(), z.string()),
  created: z.string(),
  attachments: z.array(z.object({ url: z.string(), type: z.string() })),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  secondary_message: z.string().nullable(),
  status: messageStatusSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
