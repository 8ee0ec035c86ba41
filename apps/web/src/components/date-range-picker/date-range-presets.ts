import dayjs from 'dayjs';

// The preset intervals of the shared date-range picker (docs/product.md §2 shared behaviour). Days are
// YYYY-MM-DD in the merchant's time zone, both ends included, as the reports' `start` and `end` expect.

export const dateRangePresets = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last_7_days', label: 'Last 7 Days' },
  { value: 'last_30_days', label: 'Last 30 Days' },
  { value: 'this_month', label: 'This Month' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'custom', label: 'Custom' },
] as const;

export type DateRangePreset = (typeof dateRangePresets)[number]['value'];

/** A range of days; '' leaves that end open (Custom with a date not chosen yet). */
export type DateRange = { preset: DateRangePreset; start: string; end: string };

const DAY = 'YYYY-MM-DD';

export function isDateRangePreset(value: string | null | undefined): value is DateRangePreset {
  return dateRangePresets.some((preset) => preset.value === value);
}

/** The days a preset covers when today is `today` (YYYY-MM-DD); Custom keeps no days of its own. */
export function presetDays(preset: DateRangePreset, today: string): { start: string; end: string } {
  const day = dayjs(today); // a YYYY-MM-DD string parses as that local day
  const span = (from: dayjs.Dayjs, to: dayjs.Dayjs) => ({ start: from.format(DAY), end: to.format(DAY) });
  switch (preset) {
    case 'today':
      return span(day, day);
    case 'yesterday':
      return span(day.subtract(1, 'day'), day.subtract(1, 'day'));
    case 'last_7_days':
      return span(day.subtract(6, 'day'), day);
    case 'last_30_days':
      return span(day.subtract(29, 'day'), day);
    case 'this_month':
      return span(day.startOf('month'), day);
    case 'last_month': {
      const lastMonth = day.subtract(1, 'month');
      return span(lastMonth.startOf('month'), lastMonth.endOf('month'));
    }
    case 'custom':
      return { start: '', end: '' };
  }
}

export const presetRange = (preset: DateRangePreset, today: string): DateRange => ({
  preset,
  ...presetDays(preset, today),
});

/**
 * The range a link or a reload names: its preset while the preset still covers those days (a link to
 * 'Last 7 Days' opened next week shows the days it was made with, labelled Custom), else Custom.
 */
export function rangeFromDays(
  preset: string | null | undefined,
  days: { start: string; end: string },
  today: string,
): DateRange {
  if (isDateRangePreset(preset) && preset !== 'custom') {
    const covered = presetDays(preset, today);
    if (covered.start === days.start && covered.end === days.end) return { preset, ...days };
  }
  return { preset: 'custom', ...days };
}

/** Today's day (YYYY-MM-DD) on a merchant's clock; without a zone (or with an unknown one), the browser's. */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value;
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return dayjs(now).format(DAY);
  }
}
