import { z } from 'zod';
import { isoDateSchema } from '../validation';
import { pageOf } from './paging';

// Bank payment returns (issue 18 item 3; docs/reference/payments.md §3 NACHA returns): the return codes and
// what the product does about each, the /ach-return report (ach_return_report) and the return-rate gauge.

export const returnCategories = ['insufficient', 'administrative', 'unauthorized', 'other'] as const;
export type ReturnCategory = (typeof returnCategories)[number];
export const returnActionSchema = z.enum(['represent', 'retire_method', 'stop_autopay', 'none']);
export type ReturnActionValue = z.infer<typeof returnActionSchema>;

type ReturnRule = { meaning: string; category: ReturnCategory; action: ReturnActionValue; why: string };

/**
 * The rules by code, in one table (docs/reference/payments.md §3: code list, windows, reinitiation):
 * - R01/R09: the money was not there that day; Nacha allows reinitiating at most twice within 180 days.
 * - R02/R03/R04: the account cannot be debited at all; a retry only returns again, so the method is retired and
 *   the customer asked for a new one.
 * - R05/R07/R10/R11/R29: the customer says the debit was not authorized (or no longer is); debiting again
 *   without a new authorization breaks Nacha and Reg E, so autopay stops.
 * - R08 (payment stopped): only with a new authorization, so nothing automatic. Any other code: nothing more.
 */
export const returnRules: Record<string, ReturnRule> = {
  R01: {
    meaning: 'Insufficient funds',
    category: 'insufficient',
    action: 'represent',
    why: 'May be re-presented at most twice within 180 days',
  },
  R09: {
    meaning: 'Uncollected funds',
    category: 'insufficient',
    action: 'represent',
    why: 'May be re-presented at most twice within 180 days',
  },
  R02: {
    meaning: 'Account closed',
    category: 'administrative',
    action: 'retire_method',
    why: 'The account cannot be debited; ask for a new one',
  },
  R03: {
    meaning: 'No account / unable to locate account',
    category: 'administrative',
    action: 'retire_method',
    why: 'The account cannot be debited; ask for a new one',
  },
  R04: {
    meaning: 'Invalid account number structure',
    category: 'administrative',
    action: 'retire_method',
    why: 'The account cannot be debited; ask for a new one',
  },
  R05: {
    meaning: 'Unauthorized debit to consumer account',
    category: 'unauthorized',
    action: 'stop_autopay',
    why: 'Not authorized: no further debits without a new authorization',
  },
  R07: {
    meaning: 'Authorization revoked',
    category: 'unauthorized',
    action: 'stop_autopay',
    why: 'Not authorized: no further debits without a new authorization',
  },
  R10: {
    meaning: 'Customer advises not authorized',
    category: 'unauthorized',
    action: 'stop_autopay',
    why: 'Not authorized: no further debits without a new authorization',
  },
  R11: {
    meaning: 'Not in accordance with the authorization',
    category: 'unauthorized',
    action: 'stop_autopay',
    why: 'Not authorized: no further debits without a new authorization',
  },
  R29: {
    meaning: 'Corporate customer advises not authorized',
    category: 'unauthorized',
    action: 'stop_autopay',
    why: 'Not authorized: no further debits without a new authorization',
  },
  R08: {
    meaning: 'Payment stopped',
    category: 'other',
    action: 'none',
    why: 'Only with a new authorization',
  },
};

export const returnRuleOf = (code: string): ReturnRule =>
  returnRules[code] ?? {
    meaning: 'Returned',
    category: 'other',
    action: 'none',
    why: 'No rule for this code',
  };

/** Nacha allows at most two reinitiations (three attempts in all) ... */
export const MAX_REPRESENTMENTS = 2;
/** ... within 180 days of the original entry. */
export const REPRESENT_WITHIN_DAYS = 180;
/** A re-presentment waits a few days for funds to arrive (a payday), instead of returning again at once. */
export const REPRESENT_AFTER_DAYS = 3;

/**
 * The return-rate gauge window: Nacha measures return rates over the preceding 60 days, which is also the
 * longest window an unauthorized return may take, so the rates count the bank debits made in the last 60 days
 * and the returns among them.
 */
export const RETURN_RATE_WINDOW_DAYS = 60;
/** docs/reference/payments.md §3 return-rate thresholds, in percent. */
export const returnRateThresholds = { unauthorized: 0.5, administrative: 3, overall: 15 } as const;

export const bankReturnMessages = {
  methodRetired: 'This payment method was retired after a bank return; add a new one.',
  noThirdRepresentment: 'Re-presented twice already: not re-presented again',
  pastRepresentWindow: 'More than 180 days after the original payment: not re-presented',
  noAutopay: 'Autopay was not on',
} as const;

/** GET /api/merchants/{m}/ach_return_report/ — returns by the date they came back (merchant's clock). */
export const achReturnQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
  start: isoDateSchema.optional(),
  end: isoDateSchema.optional(),
  code: z
    .string()
    .trim()
    .regex(/^R\d\d$/)
    .optional(),
});
export type AchReturnQuery = z.infer<typeof achReturnQuerySchema>;

export const achReturnSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  customer: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    external_id: z.string().nullable(),
  }),
  account: z.object({ id: z.string(), external_id: z.string().nullable() }).nullable(),
  /** What came back, in cents. */
  amount_cents: z.number().int(),
  code: z.string(),
  reason: z.string(),
  returned_at: z.string(),
  /** Returned after it had settled (its ledger entries were reversed), not while processing. */
  was_settled: z.boolean(),
  action: returnActionSchema,
  /** What was done, in words: 'Re-presented (1 of 2)', 'Method retired', 'Autopay stopped', or why not. */
  action_taken: z.string(),
  represent_number: z.number().int().nullable(),
  represent_transaction_id: z.string().nullable(),
});
export type AchReturn = z.infer<typeof achReturnSchema>;
export const achReturnPageSchema = pageOf(achReturnSchema);

export const returnRateSchema = z.object({
  category: z.enum(['unauthorized', 'administrative', 'overall']),
  codes: z.array(z.string()),
  returns: z.number().int(),
  /** Returns over debits, in percent, to two decimals; 0 with no debits. */
  rate_percent: z.number(),
  threshold_percent: z.number(),
  is_over: z.boolean(),
});
/** GET /api/merchants/{m}/ach_return_rates/ — the gauge: the last 60 days of bank debits. */
export const returnRatesSchema = z.object({
  window_days: z.number().int(),
  since: z.string(),
  debits: z.number().int(),
  rates: z.array(returnRateSchema),
});
export type ReturnRates = z.infer<typeof returnRatesSchema>;
