import {
  createPromiseSchema,
  PROMISE_MIN_LEAD_MINUTES,
  promiseMessages,
} from '@paylane/shared/contracts/promises';
import { isIsoDate } from '@paylane/shared/validation';

// The rules the server applies to a new promise (docs/product.md §5 promiseTime and presentOrFuture), checked in
// the browser first on the merchant's clock: the date and time typed are the merchant's wall clock, wherever
// the person typing sits.

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

function wallClockParts(instant: Date, timeZone: string | undefined) {
  let formatter: Intl.DateTimeFormat;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  try {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    formatter = new Intl.DateTimeFormat('en-US', options); // an unknown zone: the browser's clock
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: Date, timeZone: string | undefined): number {
  const wall = wallClockParts(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The moment a wall-clock date (YYYY-MM-DD) and time (HH:MM) name in `timeZone`. */
export function zonedMoment(date: string, time: string, timeZone: string | undefined): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the offset at the first guess may differ from the offset at the answer across a DST change.
  const first = wall - offsetAt(new Date(wall), timeZone);
  return new Date(wall - offsetAt(new Date(first), timeZone));
}

/** Today (YYYY-MM-DD) on the zone's clock. */
export function wallClockDate(timeZone: string | undefined, now: Date = new Date()): string {
  const wall = wallClockParts(now, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** What is wrong with a promise's date and time on the merchant's clock, by field; {} when nothing is. */
export function promiseTimeErrors(
  values: { date: string; time: string },
  timeZone: string | undefined,
  now: Date = new Date(),
): { date?: string; time?: string } {
  if (!isIsoDate(values.date)) return {};
  if (values.date < wallClockDate(timeZone, now)) return { date: promiseMessages.presentOrFuture };
  if (!TIME_OF_DAY.test(values.time)) return {};
  const lead = zonedMoment(values.date, values.time, timeZone).getTime() - now.getTime();
  return lead < PROMISE_MIN_LEAD_MINUTES * 60_000 ? { time: promiseMessages.atLeast30Minutes } : {};
}

/**
 * The shared create schema plus the rules that need the merchant's clock and the two fields together: read
 * `now` when the form is checked, so a form left open a while is checked against the time it is sent.
 */
export const promiseFormSchema = (timeZone: string | undefined) =>
  createPromiseSchema.superRefine((value, context) => {
    const errors = promiseTimeErrors({ date: value.date, time: value.time }, timeZone);
    for (const field of ['date', 'time'] as const) {
      const message = errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    if (value.payment_method && value.amount === null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: promiseMessages.methodNeedsAmount });
    }
  });
