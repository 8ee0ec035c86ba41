import {
  IMPORT_FILE_FIELD,
  importFields,
  type ImportField,
} from '@paylane/shared/contracts/customer-imports';
import { messages } from '@paylane/shared/messages';
import { fieldError } from '../../kit/errors';

/** How many rows the upload answer shows as its sample. */
export const SAMPLE_ROW_COUNT = 5;

const fileError = (message: string) => fieldError(IMPORT_FILE_FIELD, message);

// A first line of values (an email, a number, a date, an amount) means the file has no header row.
const looksLikeData = (name: string) => name.includes('@') || /^[\d\s$.,/()+-]+$/.test(name);

/** The header's names, trimmed; refuses no header row, an empty or a repeated column name. */
export function checkHeaders(headerCells: readonly string[]): string[] {
  const headers = headerCells.map((name) => name.trim());
  if (headers.length === 0 || headers.every((name) => name === '')) throw fileError(messages.importNoHeader);
  if (headers.some(looksLikeData)) throw fileError(messages.importNoHeader);
  if (headers.some((name) => name === '')) throw fileError(messages.importEmptyHeader);
  const seen = new Set<string>();
  for (const name of headers) {
    const key = name.toLowerCase();
    if (seen.has(key)) throw fileError(messages.importDuplicateHeader);
    seen.add(key);
  }
  return headers;
}

export const noRowsError = () => fileError(messages.importNoRows);

/** The cells of a row by header; cells past the header's columns are dropped (reported as a row error). */
export function valuesByHeader(headers: readonly string[], cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  headers.forEach((header, index) => (values[header] = cells[index] ?? ''));
  return values;
}

// Header names people use for each field, compared without case, spaces, underscores or punctuation.
const synonyms: Record<ImportField, string[]> = {
  external_id: [
    'customerid',
    'customernumber',
    'customerno',
    'custid',
    'custno',
    'clientid',
    'externalid',
    'id',
  ],
  first_name: ['firstname', 'first', 'fname', 'givenname'],
  last_name: ['lastname', 'last', 'lname', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail'],
  sms_phone_number: [
    'smsphonenumber',
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'cellnumber',
    'telephone',
    'sms',
  ],
  location: ['location', 'locationname', 'store', 'branch', 'lot', 'dealership'],
  address_line1: ['addressline1', 'address1', 'address', 'street', 'streetaddress'],
  address_line2: ['addressline2', 'address2', 'apt', 'suite', 'unit'],
  city: ['city', 'town'],
  state: ['state', 'st', 'province'],
  postal_code: ['postalcode', 'zip', 'zipcode', 'postcode'],
  date_of_birth: ['dateofbirth', 'dob', 'birthdate', 'birthday'],
  account_external_id: [
    'accountnumber',
    'accountno',
    'accountid',
    'account',
    'accountexternalid',
    'loannumber',
    'contractnumber',
  ],
  amount_due: ['amountdue', 'balancedue', 'balance', 'amount', 'paymentamount'],
  due_date: ['duedate', 'nextduedate', 'paymentduedate'],
  cadence: ['cadence', 'frequency', 'paymentfrequency', 'schedule'],
  status: ['status', 'accountstatus'],
  vehicle_year: ['vehicleyear', 'year'],
  vehicle_make: ['vehiclemake', 'make'],
  vehicle_model: ['vehiclemodel', 'model'],
};

export const normalizeHeader = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Field → header for every field whose name or a common synonym is a header of the file. */
export function suggestMapping(headers: readonly string[]): Partial<Record<ImportField, string>> {
  const byName = new Map(headers.map((header) => [normalizeHeader(header), header]));
  const used = new Set<string>();
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    for (const name of [normalizeHeader(field), ...synonyms[field]]) {
      const header = byName.get(name);
      if (header && !used.has(header)) {
        mapping[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return mapping;
}
