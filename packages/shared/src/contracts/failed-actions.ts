import { z } from 'zod';
import { MAX_IDS_PER_REQUEST } from './id-lists';
import { pageOf } from './paging';

// Failed actions (docs/product.md §2 /merchants/{merchantID}/failed-actions, §3 Failed action, §7; issue 18
// item 4): every failed payment, autopay charge, undeliverable message and (later) DMS post or device call, with
// its reason, whether it can be retried, and who resolved it.

export const failedActionKindSchema = z.enum(['payment', 'autopay', 'message', 'dms', 'device']);
export type FailedActionKind = z.infer<typeof failedActionKindSchema>;

/** open: waiting for someone; resolved: marked resolved; retried: retried successfully (and so resolved). */
export const failedActionStateSchema = z.enum(['open', 'resolved', 'retried']);
export type FailedActionState = z.infer<typeof failedActionStateSchema>;

export const FAILED_ACTIONS_PAGE_SIZE = 100;

/** The kinds Home's /failed-payments shows. */
export const PAYMENT_ACTION_KINDS: readonly FailedActionKind[] = ['payment', 'autopay'];

/** `kind` as one kind or several joined by commas ('payment,autopay'). */
const kindListSchema = z
  .string()
  .trim()
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(failedActionKindSchema).max(5));

/** The list's filters; `state` open (the default page view) or resolved (resolved or retried). */
export const failedActionFilterSchema = z.object({
  kind: kindListSchema.optional(),
  state: z.enum(['open', 'resolved']).optional(),
});
export type FailedActionFilter = z.infer<typeof failedActionFilterSchema>;

/** GET /api/merchants/{m}/failed-actions/ (page_size default 100, docs/product.md §7, §9). */
export const failedActionListQuerySchema = failedActionFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(FAILED_ACTIONS_PAGE_SIZE),
});
export type FailedActionListQuery = z.infer<typeof failedActionListQuerySchema>;

/**
 * POST .../failed-actions/resolve/ and .../retry/: the actions named by `ids`, or with `all: true` every open
 * action matching the list's filters (`kind`). Each action is acted on once.
 */
export const bulkFailedActionSchema = z
  .object({
    ids: z.array(z.string().trim().min(1).max(100)).max(MAX_IDS_PER_REQUEST).optional(),
    all: z.boolean().optional(),
    kind: kindListSchema.optional(),
  })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, {
    error: 'Choose at least one action, or all',
    path: ['ids'],
  });
export type BulkFailedActionBody = z.input<typeof bulkFailedActionSchema>;

export const failedActionSchema = z.object({
  id: z.string(),
  kind: failedActionKindSchema,
  state: failedActionStateSchema,
  customer: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  account: z.object({ id: z.string(), external_id: z.string().nullable() }).nullable(),
  payment_id: z.string().nullable(),
  message_id: z.string().nullable(),
  /** The failed payment's principal, in cents (payments and autopay charges). */
  amount: z.number().int().nullable(),
  reason_code: z.string().nullable(),
  reason_message: z.string(),
  is_retryable: z.boolean(),
  is_resolvable: z.boolean(),
  retry_count: z.number().int(),
  retry_payment_id: z.string().nullable(),
  retry_message_id: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type FailedAction = z.infer<typeof failedActionSchema>;

export const failedActionPageSchema = pageOf(failedActionSchema);
export type FailedActionPage = z.infer<typeof failedActionPageSchema>;

/** A bulk answer: the actions as they now stand, and those that could not be acted on, in the server's words. */
export const bulkFailedActionAnswerSchema = z.object({
  results: z.array(failedActionSchema),
  errors: z.array(z.object({ id: z.string(), detail: z.string() })),
});
export type BulkFailedActionAnswer = z.infer<typeof bulkFailedActionAnswerSchema>;
