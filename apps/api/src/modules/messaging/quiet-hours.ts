import { addDays, localDateAt, zonedInstant, type LocalTime } from '../../jobs/zoned-time';

/**
 * A merchant's quiet hours: texts wait from `start` (21:00) until `end` (08:00) on the recipient's wall clock.
 * `start` equal to `end` means no quiet hours.
 */
export type QuietHours = { timeZone: string; start: LocalTime; end: LocalTime };

/**
 * Null when a message may leave at `now`; otherwise the first instant it may (the end of the quiet hours it
 * falls in), computed in the recipient's zone, so a send is deferred, never dropped.
 */
export function quietUntil(quiet: QuietHours, now: Date): Date | null {
  if (quiet.start === quiet.end) return null;
  const today = localDateAt(quiet.timeZone, now);
  const quietStart = zonedInstant(quiet.timeZone, today, quiet.start);
  const quietEnd = zonedInstant(quiet.timeZone, today, quiet.end);
  if (quiet.start < quiet.end) {
    // Quiet inside one day (01:00–05:00).
    return now >= quietStart && now < quietEnd ? quietEnd : null;
  }
  // Quiet across midnight (21:00–08:00): before today's end, or from today's start until tomorrow's end.
  if (now < quietEnd) return quietEnd;
  if (now >= quietStart) return zonedInstant(quiet.timeZone, addDays(today, 1), quiet.end);
  return null;
}
