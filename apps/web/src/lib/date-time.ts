// Moments (UTC timestamps) as merchant staff read them: MM/DD/YYYY (docs/product.md §9) with the time of day in the
// merchant's own time zone, so everyone working a merchant's customers sees the same clock.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

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
