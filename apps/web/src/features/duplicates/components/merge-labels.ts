import type { AccountStatus } from '@paylane/shared/contracts/customers';
import { formatDate, formatPhone } from '@paylane/shared/format';

export const accountStatusLabel = (status: AccountStatus) => status.charAt(0).toUpperCase() + status.slice(1);

/** The names the customer and account forms use for the fields a merge may fill. */
const fieldLabels: Record<string, string> = {
  email: 'Email',
  sms_phone_number: 'Phone Number',
  external_id: 'Customer ID',
  address_line1: 'Address Line 1',
  address_line2: 'Address Line 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  date_of_birth: 'Date of Birth',
  sms_opted_out: 'Opted out of texts',
  email_opted_out: 'Opted out of emails',
  vehicle_year: 'Vehicle Year',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
};
const accountFieldLabels: Record<string, string> = { external_id: 'Account ID' };

/** One filled field as a row: its label and its value formatted as the app shows it (docs/product.md §9). */
export function fillRow(field: string, value: string | number | boolean, isAccount = false) {
  const label = (isAccount ? accountFieldLabels[field] : undefined) ?? fieldLabels[field] ?? field;
  if (typeof value === 'boolean') return { label, value: value ? 'Yes' : 'No' };
  if (field === 'sms_phone_number') return { label, value: formatPhone(String(value)) };
  if (field === 'date_of_birth') return { label, value: formatDate(String(value)) };
  return { label, value: String(value) };
}
