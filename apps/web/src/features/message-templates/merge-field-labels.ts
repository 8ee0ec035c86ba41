import type { MergeField } from '@paylane/shared/messaging';

/** How the snippet buttons name the merge fields of docs/product.md §9. */
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
