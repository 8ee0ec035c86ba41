// Which failed autopay charges are tried again (issue 18 item 2), in one place.
//
// docs/reference/payments.md "Card retries": Stripe's Smart Retries skip hard declines and cards with no usable
// method. A soft decline is one the same card may pass later — money not there yet (insufficient_funds, and the
// bank's R01/R09 'insufficient / uncollected funds'), or the processor or issuer failing for the moment
// (processing_error, try_again_later, issuer_not_available, reenter_transaction). Everything else is hard: the
// card is stolen, lost, expired, invalid, or the issuer said do_not_honor / generic decline / fraud — trying it
// again only adds declines (and, with the networks, excessive-retry fees); the customer needs a new method.
// Unknown codes are treated as hard: a retry the rules did not ask for is worse than a failed action staff see.

export const SOFT_DECLINE_CODES: ReadonlySet<string> = new Set([
  'insufficient_funds',
  'processing_error',
  'try_again_later',
  'issuer_not_available',
  'reenter_transaction',
  'approve_with_id',
  'R01',
  'R09',
]);

/**
 * The bounded retry schedule after a soft decline, in days after the due date: attempt 2 a day later, attempt 3
 * three days later; then no more (3 tries in all, within the NACHA limit of two reinitiations).
 */
export const AUTOPAY_RETRY_DAYS: readonly number[] = [1, 3];

export const isSoftDecline = (code: string | null | undefined): boolean =>
  Boolean(code && SOFT_DECLINE_CODES.has(code));

/** Days after the due date that attempt `attempt + 1` runs, or null when attempt `attempt` was the last. */
export function retryDayAfter(attempt: number): number | null {
  return AUTOPAY_RETRY_DAYS[attempt - 1] ?? null;
}
