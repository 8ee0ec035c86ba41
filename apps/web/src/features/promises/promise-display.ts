import {
  promiseStatusLabel,
  type PaymentPromise,
  type PromiseOutcome,
} from '@paylane/shared/contracts/promises';
import { formatCurrency } from '@paylane/shared/format';
import { formatDateTime } from '../../lib/date-time';

// How promises read on screen (docs/product.md §4 promise status; the outcomes of the contract).

export const outcomeLabels: Record<PromiseOutcome, string> = {
  open: 'Open',
  kept: 'Kept',
  partially_kept: 'Partially kept',
  broken: 'Broken',
  cancelled: 'Cancelled',
};

export const statusLabelOf = (promise: Pick<PaymentPromise, 'status'>) => promiseStatusLabel(promise.status);

/** The promised moment on the merchant's clock: '07/10/2026 3:00 PM CDT'. */
export const promisedAt = (
  promise: Pick<PaymentPromise, 'scheduled_date'>,
  timeZone: string | null | undefined,
) => formatDateTime(promise.scheduled_date, timeZone);

export const amountText = (cents: number | null) => (cents === null ? 'No amount' : formatCurrency(cents));

/** What a promise is, in a few words: 'Scheduled payment of $100.00' or 'Promise to pay $100.00'. */
export function promiseKindText(promise: Pick<PaymentPromise, 'status' | 'amount_cents'>): string {
  if (promise.status === 'SCHEDULED') return `Scheduled payment of ${amountText(promise.amount_cents)}`;
  return promise.amount_cents === null
    ? 'Promise to pay'
    : `Promise to pay ${formatCurrency(promise.amount_cents)}`;
}

/** '15:05' → '3:05 PM'. */
export function timeOfDayText(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The zone's short name now ('CDT'), else its IANA name; the browser's when none is known yet. */
export function zoneName(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone ?? '';
  } catch {
    return timeZone ?? '';
  }
}
