// Moments (UTC timestamps) as merchant staff read them: MM/DD/YYYY (docs/product.md §9) with the time of day in the
// merchant's own time zone, so everyone working a merchant's customers sees the same clock.

/** One Intl formatter per locale, options and zone, built on first use (building one costs more than formatting). */
function cachedFormatter(locale: string, options: Intl.DateTimeFormatOptions) {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string | undefined): Intl.DateTimeFormat => {
    const key = timeZone ?? '';
    let formatter = byZone.get(key);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      byZone.set(key, formatter);
    }
    return formatter;
  };
}

const formatterFor = cachedFormatter('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** '2026-07-04T20:05:00Z' in America/Chicago → '07/04/2026 3:05 PM CDT'; without a zone, the browser's. */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone ?? undefined);
  } catch {
    formatter = formatterFor(undefined); // an unknown zone name: the browser's clock beats no date at all
  }
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`.trim();
}

// en-CA writes a day as 'YYYY-MM-DD'.
const dayFormatterFor = cachedFormatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of a moment in a zone, as 'YYYY-MM-DD'. */
const dayOf = (date: Date, timeZone: string | undefined) => dayFormatterFor(timeZone).format(date);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * How long ago, as a list shows it: 'now', '5m', '3h' today, 'Yesterday', the weekday within a week, then the
 * date (MM/DD/YYYY). Calendar days are the merchant's; the full time belongs in a tooltip (formatDateTime).
 */
export function formatRelativeTime(iso: string, now: Date, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = safeZone(timeZone);
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  const days = daysBetween(dayOf(date, zone), dayOf(now, zone));
  if (days <= 0 && minutes < 1) return 'now';
  if (days <= 0 && minutes < 60) return `${Math.max(minutes, 1)}m`;
  if (days <= 0) return `${Math.floor(minutes / 60)}h`;
  if (days === 1) return 'Yesterday';
  if (days < 7) return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(date);
  return formatDateTime(iso, zone).split(' ')[0] ?? iso;
}

/** A zone the browser knows, else the browser's own (as formatDateTime falls back). */
function safeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    dayOf(new Date(0), timeZone);
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The merchant's calendar day of a moment, 'YYYY-MM-DD' (a chat groups its messages by it). */
export const calendarDay = (iso: string, timeZone?: string | null): string =>
  dayOf(new Date(iso), safeZone(timeZone));

const weekdayDateFor = cachedFormatter('en-US', { weekday: 'long', month: 'short', day: 'numeric' });
const yearDateFor = cachedFormatter('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A day separator in a chat: 'Today', 'Yesterday', 'Wednesday, Nov 25' this year, 'Nov 12, 2025' before. */
export function formatDayHeading(iso: string, now: Date, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = safeZone(timeZone);
  const day = dayOf(date, zone);
  const today = dayOf(now, zone);
  const days = daysBetween(day, today);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (day.slice(0, 4) === today.slice(0, 4)) return weekdayDateFor(zone).format(date);
  return yearDateFor(zone).format(date);
}

const timeOfDayFor = cachedFormatter('en-US', { hour: 'numeric', minute: '2-digit' });

/** '2026-07-04T20:05:00Z' in America/Chicago → '3:05 PM' (the day is the separator's). */
export const formatTimeOfDay = (iso: string, timeZone?: string | null): string =>
  timeOfDayFor(safeZone(timeZone)).format(new Date(iso));
