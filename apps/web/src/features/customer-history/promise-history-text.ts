import { formatCurrency, formatDate } from '@paylane/shared/format';

// The sentences of promise events in the history timeline (issue 17 items 4 and 5). Details are the facts the
// server wrote (apps/api/src/modules/promises/promise-history.ts): the promise's date and time on the
// merchant's clock as typed, its amount, what was paid against it and a scheduled run's failure.

const money = (value: unknown) => (typeof value === 'number' ? formatCurrency(value) : null);

/** '14:30' → '2:30 PM'. */
function clockTime(value: unknown): string {
  const match = typeof value === 'string' ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return '';
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '11/28/2026 at 2:30 PM'. */
function momentOf(details: Record<string, unknown>): string {
  const date = typeof details.date === 'string' ? formatDate(details.date) : '';
  const time = clockTime(details.time);
  return [date, time].filter(Boolean).join(' at ');
}

const isPromiseEvent = (kind: string) => kind.startsWith('promise.');

/** The sentence of a promise event; null for any other kind. */
export function promiseSentence(kind: string, details: Record<string, unknown>): string | null {
  if (!isPromiseEvent(kind)) return null;
  const amount = money(details.amount_cents);
  const paid = money(details.paid_cents) ?? formatCurrency(0);
  const by = momentOf(details);
  const isScheduled = details.status === 'SCHEDULED';
  const promised = `the promise to pay${amount ? ` ${amount}` : ''}${by ? ` by ${by}` : ''}`;
  const scheduled = `the scheduled payment${amount ? ` of ${amount}` : ''}${by ? ` for ${by}` : ''}`;
  switch (kind) {
    case 'promise.created':
      return isScheduled
        ? `Scheduled a payment${amount ? ` of ${amount}` : ''}${by ? ` for ${by}` : ''}`
        : `Promised to pay${amount ? ` ${amount}` : ''}${by ? ` by ${by}` : ''}`;
    case 'promise.confirmed':
      return `Confirmed ${promised}`;
    case 'promise.cancelled':
      return `Cancelled ${isScheduled ? scheduled : promised}`;
    case 'promise.scheduled_payment_made':
      return `Made ${scheduled}`;
    case 'promise.scheduled_payment_failed': {
      const reason = typeof details.failure_message === 'string' ? details.failure_message : '';
      return `${scheduled.charAt(0).toUpperCase()}${scheduled.slice(1)} did not go through${reason ? `: ${reason}` : ''}`;
    }
    case 'promise.kept':
      return `Kept ${promised}, ${paid} paid`;
    case 'promise.partially_kept':
      return `Partly kept ${promised}, ${paid} paid`;
    case 'promise.broken':
      return `Broke ${promised}`;
    default:
      return null;
  }
}
