import { z } from 'zod';
import { dollarsToCentsSchema, isoDateSchema, requiredString, timeOfDaySchema, validationMessages } from '../validation';
import { pageOf } from './paging';
import { paymentMethodKindSchema } from './payments';

// Promises to pay and scheduled payments (docs/product.md §3 promises, §4 promise status, §5 promiseTime, §7
// promises and cancel_scheduled_payment, §9; issue 17 item 4). A promise is a date and time on the merchant's
// clock by which the customer says they will pay, optionally an amount; with a saved method and an amount it is a
// scheduled payment that the system charges at that time exactly once.

/** The minutes a promise's time must lie ahead of now (docs/product.md §5 promiseTime, §9). */
export const PROMISE_MIN_LEAD_MINUTES = 30;

/** How long after the promised time the ledger is read to decide kept, partially kept or broken. */
export const PROMISE_GRACE_HOURS = 24;

/** How long before an unconfirmed promise's time the customer is reminded (UNCONFIRMED_PROMISE). */
export const UNCONFIRMED_REMINDER_HOURS = 24;

/** How late a scheduled payment may still run (a worker that was down longer leaves it for staff). */
export const SCHEDULED_RUN_WINDOW_MINUTES = 60;

export const promiseMessages = {
  /** docs/product.md §5 promiseTime. */
  atLeast30Minutes: 'Must be at least 30 minutes from now',
  /** docs/product.md §5 presentOrFuture. */
  presentOrFuture: validationMessages.presentOrFuture,
  openPromiseExists: 'This account already has an open promise; cancel it first',
  amountNeedsMethod: 'Choose a payment method to schedule this amount',
  methodNeedsAmount: 'Enter the amount to charge on the scheduled date',
  notConfirmable: 'Only an unconfirmed promise can be confirmed',
  notCancelable: 'Only an open promise or scheduled payment can be cancelled',
  tooLateToCancel: 'The scheduled payment is already running and can no longer be cancelled',
  amountAboveDue: 'Amount cannot be more than the amount due',
  keyReused: 'This Idempotency-Key was already used for a different promise.',
  /** failure_message of a scheduled payment the sweep reached after SCHEDULED_RUN_WINDOW_MINUTES. */
  runWindowMissed: 'Not charged: the scheduled time passed more than 60 minutes before the payment could run',
} as const;

/** docs/product.md §4: PROMISE_CONFIRMED or SCHEDULED shows Confirmed; PROMISED shows Unconfirmed. */
export const promiseStatusSchema = z.enum(['PROMISED', 'PROMISE_CONFIRMED', 'SCHEDULED']);
export type PromiseStatus = z.infer<typeof promiseStatusSchema>;
export const promiseStatusLabel = (status: PromiseStatus): 'Confirmed' | 'Unconfirmed' =>
  status === 'PROMISED' ? 'Unconfirmed' : 'Confirmed';

/**
 * What came of a promise: open until decided; kept / partially_kept / broken are read from the ledger
 * PROMISE_GRACE_HOURS after the promised time (payments posted between the promise's creation and then);
 * cancelled by staff or cancel_scheduled_payment.
 */
export const promiseOutcomeSchema = z.enum(['open', 'kept', 'partially_kept', 'broken', 'cancelled']);
export type PromiseOutcome = z.infer<typeof promiseOutcomeSchema>;

/**
 * POST /api/merchants/{m}/customers/{c}/accounts/{a}/promises/ with an Idempotency-Key header. `date` (YYYY-MM-DD)
 * and `time` (HH:MM) are on the merchant's clock and together at least 30 minutes ahead. `amount` is in dollars;
 * with `payment_method` (a saved method of the customer) it makes a scheduled payment (status SCHEDULED).
 */
export const createPromiseSchema = z.object({
  date: isoDateSchema,
  time: timeOfDaySchema,
  /** Dollars as typed, converted to cents; empty or absent means no amount. */
  amount: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    dollarsToCentsSchema.nullable(),
  ),
  payment_method: z.string().trim().min(1).optional().nullable(),
  note: z.string().trim().max(500, { error: validationMessages.maxLength }).optional().nullable(),
});
export type CreatePromiseInput = z.input<typeof createPromiseSchema>;
export type CreatePromiseBody = z.infer<typeof createPromiseSchema>;

/** POST /api/merchants/{m}/cancel_scheduled_payment/ { payment: <promise id> } (docs/product.md §7). */
export const cancelScheduledPaymentSchema = z.object({ payment: requiredString() });
export type CancelScheduledPaymentBody = z.infer<typeof cancelScheduledPaymentSchema>;

export const promiseSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  account: z.object({ id: z.string(), external_id: z.string().nullable() }),
  status: promiseStatusSchema,
  outcome: promiseOutcomeSchema,
  /** The promised moment (ISO, UTC) and the same on the merchant's clock, as typed. */
  scheduled_date: z.string(),
  date: z.string(),
  time: z.string(),
  /** Promised (or scheduled) amount in cents; null for a promise without one. */
  amount_cents: z.number().int().nullable(),
  /** Paid against it since it was made, in cents (the ledger), once decided or while open. */
  paid_cents: z.number().int(),
  /** The saved method a scheduled payment charges, as the customer page shows it (nickname + mask). */
  payment_method: z
    .object({ id: z.string(), label: z.string(), kind: paymentMethodKindSchema })
    .nullable(),
  /** The payment a scheduled promise made, once it ran. */
  transaction_id: z.string().nullable(),
  /** Why a scheduled run did not charge (declined, missed window), when it did not. */
  failure_message: z.string().nullable(),
  note: z.string().nullable(),
  created: z.string(),
  created_by: z.string(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type PaymentPromise = z.infer<typeof promiseSchema>;
export const promisePageSchema = pageOf(promiseSchema);

/** GET /api/merchants/{m}/promises/ — the /promises page (page_size 25 by default). */
export const promiseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(25),
  /** Confirmed (PROMISE_CONFIRMED or SCHEDULED) or Unconfirmed (PROMISED). */
  confirmation: z.enum(['confirmed', 'unconfirmed']).optional(),
  outcome: promiseOutcomeSchema.optional(),
  /** The promised date's range, YYYY-MM-DD on the merchant's clock, inclusive. */
  start: isoDateSchema.optional(),
  end: isoDateSchema.optional(),
  like: z.string().trim().max(200).optional(),
});
export type PromiseListQuery = z.infer<typeof promiseListQuerySchema>;

/** GET /api/merchants/{m}/promise_summary/ — Home: open promises due today and ahead, and last 30 days' results. */
export const promiseSummarySchema = z.object({
  open: z.number().int(),
  unconfirmed: z.number().int(),
  due_today: z.number().int(),
  kept_30_days: z.number().int(),
  broken_30_days: z.number().int(),
  partially_kept_30_days: z.number().int(),
});
export type PromiseSummary = z.infer<typeof promiseSummarySchema>;

/** GET /api/merchants/{m}/scheduled_summary/ — Home: scheduled payments waiting, due in 7 days, failed lately. */
export const scheduledSummarySchema = z.object({
  scheduled: z.number().int(),
  scheduled_cents: z.number().int(),
  due_next_7_days: z.number().int(),
  due_next_7_days_cents: z.number().int(),
  failed_30_days: z.number().int(),
});
export type ScheduledSummary = z.infer<typeof scheduledSummarySchema>;
