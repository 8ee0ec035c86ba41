import type { MergeField } from '@paylane/shared/messaging';

/** How the snippet buttons name the merge fields of spec §9. */
export const mergeFieldLabels: Record<MergeField, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  due_date: 'Due Date',
  amount_due: 'Amount Due',
  cadence: 'Cadence',
  payment_method: 'Payment Method',
  payment_link: 'Payment Link',
  location: 'Location',
  account_number: 'Account Number',
  vehicle_year: 'Vehicle Year',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
  collector_name: 'Collector Name',
};

/**
 * Puts a snippet where the cursor is (replacing a selection) and returns the new text and the cursor after
 * the snippet. Without a known cursor it goes at the end.
 */
export function insertAtCursor(
  text: string,
  snippet: string,
  selection: { start: number; end: number } | null,
): { text: string; cursor: number } {
  const start = selection ? Math.min(selection.start, text.length) : text.length;
  const end = selection ? Math.min(Math.max(selection.end, start), text.length) : start;
  return { text: `${text.slice(0, start)}${snippet}${text.slice(end)}`, cursor: start + snippet.length };
}
