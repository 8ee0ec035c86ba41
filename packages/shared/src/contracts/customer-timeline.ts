import { z } from 'zod';
import { historyEventSchema } from './customer-history';
import { customerNoteSchema } from './customer-notes';
import { personRefSchema } from './customers';
import { messageStatusSchema } from './messages';
import { cursorPageOf, cursorQuerySchema } from './paging';
import { paymentMethodKindSchema, transactionStatusSchema } from './payments';

// GET .../customers/{customer_id}/timeline/?cursor=&page_size=&kind= — one list, newest first, of everything
// that happened to a customer (issue 20): their texts and emails in and out, the payments they made, the notes
// about them, and their history (docs/product.md §3 Customer history). Paged by cursor like the history
// (docs/product.md §4 Lists by cursor; 25 a page, §9).

/**
 * What the `kind` filter chooses, and what each item is filed under. History events about money (refunds,
 * returns, corrections, moves, receipts, promises, autopay) are `payments`; an edited note is `notes`; the
 * history's 'note.added' is left out, since the note itself is on the timeline.
 */
export const timelineKinds = ['messages', 'payments', 'notes', 'history'] as const;
export type TimelineKind = (typeof timelineKinds)[number];

export const timelineQuerySchema = cursorQuerySchema.extend({ kind: z.enum(timelineKinds).optional() });
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

/** A text or email, in or out (docs/product.md §3 Chat message); the Messages tab has the whole of it. */
export const timelineMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['outbound', 'inbound']),
  channel: z.enum(['sms', 'email']),
  body: z.string(),
  status: messageStatusSchema,
  error_code: z.string().nullable(),
  attachment_count: z.number().int(),
});

/** A payment the customer made (not a refund: a refund is the history's 'payment.refunded'). */
export const timelinePaymentSchema = z.object({
  id: z.string(),
  status: transactionStatusSchema,
  /** misc: a counter payment that belongs to no account (a down payment). */
  is_misc: z.boolean(),
  /** staff, pos, pay_link, autopay, api, scheduled. */
  channel: z.string(),
  method_kind: paymentMethodKindSchema,
  /** 'Visa credit •••• 4242', 'Cash', 'Check 1042'. */
  method_label: z.string(),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  refunded_cents: z.number().int(),
  failure_message: z.string().nullable(),
  /** A check number, or what a misc payment was for. */
  note: z.string(),
});

const itemBase = {
  /** Unique in the timeline: the type and the record's id ('message:…', 'event:42'). */
  id: z.string(),
  kind: z.enum(timelineKinds),
  /** When it happened (a message's or payment's creation, a note's writing, an event's time). */
  at: z.string(),
  /** Who did it: the staff sender, the staff member who took a payment, a note's author, an event's actor. */
  actor: personRefSchema.nullable(),
  account_id: z.string().nullable(),
};

export const timelineItemSchema = z.discriminatedUnion('type', [
  z.object({ ...itemBase, type: z.literal('message'), message: timelineMessageSchema }),
  z.object({ ...itemBase, type: z.literal('payment'), payment: timelinePaymentSchema }),
  z.object({ ...itemBase, type: z.literal('note'), note: customerNoteSchema }),
  z.object({ ...itemBase, type: z.literal('event'), event: historyEventSchema }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export const timelinePageSchema = cursorPageOf(timelineItemSchema);
export type TimelinePage = z.infer<typeof timelinePageSchema>;
