import { parse } from 'csv-parse/sync';
import {
  IMPORT_FILE_FIELD,
  importFields,
  type ImportField,
} from '@paylane/shared/contracts/customer-imports';
import { messages } from '@paylane/shared/messages';
import { fieldError } from '../../lib/http-errors';

/** One data record: row 1 is the first record below the header. Cells are as read (not trimmed). */
export type CsvRow = { rowNumber: number; cells: string[] };
export type CsvTable = { headers: string[]; rows: CsvRow[] };

export const SAMPLE_ROW_COUNT = 5;

const fileError = (message: string) => fieldError(IMPORT_FILE_FIELD, message);

/**
 * The uploaded bytes as text, refusing what is not CSV text: bytes that are not UTF-8, or control characters
 * no spreadsheet writes (a NUL or other binary byte means an image, a PDF or an .xlsx).
 */
export function decodeCsvBytes(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError(messages.importNotCsv);
  }
  // eslint-disable-next-line no-control-regex -- looking for binary bytes is the point
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) throw fileError(messages.importNotCsv);
  return text;
}

function parseRecords(text: string, options: { to?: number } = {}): string[][] {
  return parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    ...(options.to === undefined ? {} : { to: options.to }),
  });
}

/**
 * The header and the records of a CSV file (UTF-8, BOM or not, CRLF or LF, quoted fields with commas and
 * newlines). Refuses a file with no header row, an empty or repeated column name, or no rows.
 */
export function readCsvTable(text: string): CsvTable {
  let records: string[][];
  try {
    records = parseRecords(text);
  } catch {
    throw fileError(messages.importNotCsv);
  }
  const [headerRecord, ...dataRecords] = records;
  const headers = (headerRecord ?? []).map((name) => name.trim());
  checkHeaders(headers);
  const rows: CsvRow[] = [];
  dataRecords.forEach((cells, index) => {
    // A blank line or a row of empty cells (spreadsheets leave them at the end) is not a row to import.
    if (cells.every((cell) => cell.trim() === '')) return;
    rows.push({ rowNumber: index + 1, cells });
  });
  if (rows.length === 0) throw fileError(messages.importNoRows);
  return { headers, rows };
}

// A first line of values (an email, a number, a date, an amount) means the file has no header row.
const looksLikeData = (name: string) => name.includes('@') || /^[\d\s$.,/()+-]+$/.test(name);

function checkHeaders(headers: string[]): void {
  if (headers.length === 0 || headers.every((name) => name === '')) throw fileError(messages.importNoHeader);
  if (headers.some(looksLikeData)) throw fileError(messages.importNoHeader);
  if (headers.some((name) => name === '')) throw fileError(messages.importEmptyHeader);
  const seen = new Set<string>();
  for (const name of headers) {
    const key = name.toLowerCase();
    if (seen.has(key)) throw fileError(messages.importDuplicateHeader);
    seen.add(key);
  }
}

/**
 * The first rows of a stored file, read from its beginning only (so a poll does not parse 20 MB). A cut that
 * falls inside a quoted field makes the parse fail; then there is simply no sample.
 */
export function readSampleRows(textStart: string): string[][] {
  const lastNewline = textStart.lastIndexOf('\n');
  const text = lastNewline === -1 ? textStart : textStart.slice(0, lastNewline + 1);
  try {
    const records = parseRecords(text, { to: SAMPLE_ROW_COUNT * 4 + 1 }).slice(1);
    return records.filter((cells) => cells.some((cell) => cell.trim() !== '')).slice(0, SAMPLE_ROW_COUNT);
  } catch {
    return [];
  }
}

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
