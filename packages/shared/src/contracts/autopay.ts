import { z } from 'zod';
import { messages } from '../messages';
import { isoDateSchema } from '../validation';
import { pageOf } from './paging';

// Autopay (issue 18 items 1, 2, 5; docs/product.md §3 autopay, §7 autopay_summary, §9 due day at most the 28th).
// An enrolment is the customer's authorization of recurring charges on one account: the text shown to them, who
// recorded it and when, the saved method and the due day. Offered, never required to take a payment.

/** docs/product.md §9: an autopay due day is at most the 28th (every month has it). */
export const AUTOPAY_MAX_DUE_DAY = 28;

export const autopayMessages = {
  otherCustomer: messages.autopayOtherCustomer,
  invalidMethod: messages.invalidAutopayMethod,
  dueDay: messages.autopayDueDate,
  mustAccept: 'The customer must agree to the authorization',
  alreadyOn: 'Autopay is already on for this account',
  notOn: 'Autopay is not on for this account',
  primaryOnly: 'Only the primary borrower can set up autopay on this account',
} as const;

/** The due day as typed: 1..28; above 28 is the product's message. */
export const autopayDueDaySchema = z.coerce
  .number({ error: autopayMessages.dueDay })
  .int({ error: autopayMessages.dueDay })
  .min(1, { error: autopayMessages.dueDay })
  .max(AUTOPAY_MAX_DUE_DAY, { error: autopayMessages.dueDay });

/** POST …/customers/{c}/accounts/{a}/autopay/ — enrol; the server builds and records the authorization text. */
export const enrolAutopaySchema = z.object({
  payment_method: z.string().trim().min(1, { error: autopayMessages.invalidMethod }),
  due_day: autopayDueDaySchema,
  authorization_accepted: z.literal(true, { error: autopayMessages.mustAccept }),
});
export type EnrolAutopayInput = z.input<typeof enrolAutopaySchema>;
export type EnrolAutopayBody = z.infer<typeof enrolAutopaySchema>;

/**
 * GET …/autopay/?payment_method=&due_day= — the account's autopay, and the authorization text the server would
 * record for that method and due day (the Set Up Autopay modal shows exactly this text).
 */
export const autopayQuerySchema = z.object({
  payment_method: z.string().trim().min(1).optional(),
  due_day: autopayDueDaySchema.optional(),
});
export type AutopayQuery = z.infer<typeof autopayQuerySchema>;

const personSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });

export const autopayEnrolmentSchema = z.object({
  id: z.string(),
  customer: personSchema,
  payment_method: z.object({ id: z.string(), label: z.string() }),
  due_day: z.number().int(),
  authorization_text: z.string(),
  enrolled_by: personSchema.nullable(),
  enrolled_at: z.string(),
  stopped_at: z.string().nullable(),
  stop_reason: z.string().nullable(),
});
export type AutopayEnrolment = z.infer<typeof autopayEnrolmentSchema>;

export const autopaySchema = z.object({
  /** accounts.autopay_enabled: the switch the nightly run reads. */
  autopay_enabled: z.boolean(),
  /** The active enrolment, else the latest stopped one (why it stopped), else null. */
  enrolment: autopayEnrolmentSchema.nullable(),
  /** The text for the asked method and due day; null when none was asked or the method is not the customer's. */
  authorization_text: z.string().nullable(),
});
export type Autopay = z.infer<typeof autopaySchema>;

/** The report pages' range: YYYY-MM-DD on the merchant's clock, inclusive. */
const rangeSchema = z.object({ start: isoDateSchema.optional(), end: isoDateSchema.optional() });

/** GET /api/merchants/{m}/autopay_summary/?start&end */
export const autopaySummaryQuerySchema = rangeSchema;
export type AutopaySummaryQuery = z.infer<typeof autopaySummaryQuerySchema>;

export const autopaySummarySchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Accounts with autopay on now. */
  enrolled: z.number().int(),
  /** Autopay charges in the range: paid (or processing) and failed, with their amounts in cents. */
  charged: z.number().int(),
  charged_cents: z.number().int(),
  failed: z.number().int(),
  failed_cents: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      charged: z.number().int(),
      charged_cents: z.number().int(),
      failed: z.number().int(),
      failed_cents: z.number().int(),
    }),
  ),
});
export type AutopaySummary = z.infer<typeof autopaySummarySchema>;

/** GET /api/merchants/{m}/autopay_failures/?start&end&page&page_size */
export const autopayFailuresQuerySchema = rangeSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(25),
});
export type AutopayFailuresQuery = z.infer<typeof autopayFailuresQuerySchema>;

export const autopayFailureSchema = z.object({
  id: z.string(),
  customer: personSchema,
  account: z.object({ id: z.string(), external_id: z.string().nullable() }),
  due_date: z.string(),
  attempt: z.number().int(),
  amount_cents: z.number().int().nullable(),
  payment_id: z.string().nullable(),
  failure_code: z.string().nullable(),
  /** The reason, as the processor or the run gave it. */
  reason: z.string(),
  /** A soft decline: when the next attempt runs; null when none will (hard decline, or the last attempt). */
  next_attempt_at: z.string().nullable(),
  created: z.string(),
});
export type AutopayFailure = z.infer<typeof autopayFailureSchema>;
export const autopayFailurePageSchema = pageOf(autopayFailureSchema);
