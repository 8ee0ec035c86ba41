import type { z } from 'zod';
import {
  accountImportFields,
  type ImportField,
  type ImportMapping,
} from '@paylane/shared/contracts/customer-imports';
import {
  accountWriteSchema,
  cadences,
  accountStatuses,
  customerWriteSchema,
  type AccountWrite,
  type CustomerWrite,
} from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import { toE164Phone, validationMessages } from '@paylane/shared/validation';
import type { FileRow } from './customer-imports.csv-reader';

// One CSV row → the customer (and account) it describes, checked with the create form's schemas so its
// messages are the form's. Pure: the checks that need the database (phones in use, accounts of other
// customers) are in customer-imports.conflicts.ts.

export type RowErrors = Record<string, string[]>;

/** A row that passed: what the job writes. */
export type ImportRecord = {
  rowNumber: number;
  customer: CustomerWrite & { location: string };
  account: AccountWrite | null;
};

/** What other rows and the database are compared on: the customer id, the phone (E.164), the account number. */
export type RowKeys = { externalId: string; phone: string | null; accountExternalId: string | null };

export type CheckedRow = {
  position: number;
  rowNumber: number;
  errors: RowErrors;
  keys: RowKeys;
  record: ImportRecord | null;
};

/** What a row needs from the merchant: its locations by lower-cased name, and the default one. */
export type RowContext = {
  headers: readonly string[];
  mapping: ImportMapping;
  locationIdsByName: ReadonlyMap<string, string>;
  defaultLocationId: string | null;
};

const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** MM/DD/YYYY (as spreadsheets write US dates) → YYYY-MM-DD; other text is left for the schema to judge. */
export function toIsoDateText(value: string): string {
  const match = usDate.exec(value.trim());
  if (!match) return value.trim();
  const [, month = '', day = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** '$1,250.00' → '1250.00': exports often format money; the amount rule itself is the form's. */
const toAmountText = (value: string) => value.trim().replace(/^\$/, '').replace(/,/g, '');

const letters = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

function addError(errors: RowErrors, field: string, message: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

function collectIssues(errors: RowErrors, issues: z.core.$ZodIssue[], rename: (key: string) => string) {
  for (const issue of issues)
    addError(errors, rename(String(issue.path[0] ?? 'non_field_errors')), issue.message);
}

/** Column index of each mapped field; -1 when unmapped. */
export function columnIndexes(ctx: Pick<RowContext, 'headers' | 'mapping'>): Record<ImportField, number> {
  const indexes = {} as Record<ImportField, number>;
  for (const [field, header] of Object.entries(ctx.mapping) as [ImportField, string | undefined][]) {
    indexes[field] = header ? ctx.headers.indexOf(header) : -1;
  }
  return indexes;
}

type Cells = (field: ImportField) => string | undefined;

function checkCustomer(ctx: RowContext, cell: Cells, errors: RowErrors) {
  const locationName = cell('location')?.trim() ?? '';
  const locationId = locationName
    ? ctx.locationIdsByName.get(locationName.toLowerCase())
    : (ctx.defaultLocationId ?? undefined);
  if (!locationId) addError(errors, 'location', messages.customerLocationMismatch);
  const dateOfBirth = cell('date_of_birth');
  const parsed = customerWriteSchema.safeParse({
    first_name: cell('first_name') ?? '',
    last_name: cell('last_name') ?? '',
    external_id: cell('external_id') ?? '',
    email: cell('email'),
    sms_phone_number: cell('sms_phone_number'),
    location: locationId ?? 'unknown',
    address_line1: cell('address_line1'),
    address_line2: cell('address_line2'),
    city: cell('city'),
    state: cell('state')?.trim().toUpperCase(),
    postal_code: cell('postal_code'),
    date_of_birth: dateOfBirth === undefined ? undefined : toIsoDateText(dateOfBirth),
  });
  if (!parsed.success) collectIssues(errors, parsed.error.issues, (key) => key);
  // The customer id is how a later import finds the customer again, so an import needs it.
  if (!(cell('external_id') ?? '').trim()) addError(errors, 'external_id', validationMessages.required);
  return parsed.success && locationId ? { ...parsed.data, location: locationId } : null;
}

function checkAccount(cell: Cells, errors: RowErrors): AccountWrite | null {
  const status = cell('status')?.trim() ?? '';
  const cadence = letters(cell('cadence') ?? '');
  const knownStatus = (accountStatuses as readonly string[]).find((value) => value === status.toLowerCase());
  const knownCadence = (cadences as readonly string[]).find((value) => value === cadence);
  if (status && !knownStatus) addError(errors, 'status', messages.importStatus);
  if (cadence && !knownCadence) addError(errors, 'cadence', messages.importCadence);
  const dueDate = cell('due_date');
  const parsed = accountWriteSchema.safeParse({
    external_id: cell('account_external_id') ?? '',
    ...(knownStatus ? { status: knownStatus } : {}),
    amount_due: toAmountText(cell('amount_due') ?? ''),
    due_date: dueDate === undefined ? undefined : toIsoDateText(dueDate),
    cadence: knownCadence ?? null,
    vehicle_year: cell('vehicle_year') ?? '',
    vehicle_make: cell('vehicle_make') ?? '',
    vehicle_model: cell('vehicle_model') ?? '',
  });
  const rename = (key: string) => (key === 'external_id' ? 'account_external_id' : key);
  if (!parsed.success) collectIssues(errors, parsed.error.issues, rename);
  // Found again by its number on the next import, so an imported account needs one.
  if (!(cell('account_external_id') ?? '').trim())
    addError(errors, 'account_external_id', validationMessages.required);
  return parsed.success ? parsed.data : null;
}

/** Checks one row on its own (the rules of the create form). */
export function checkRow(
  ctx: RowContext,
  indexes: Record<ImportField, number>,
  headerCount: number,
  row: FileRow,
): CheckedRow {
  const errors: RowErrors = {};
  const cell: Cells = (field) => {
    const index = indexes[field];
    return index === undefined || index < 0 ? undefined : (row.cells[index] ?? '');
  };
  if (row.cells.slice(headerCount).some((value) => value.trim() !== '')) {
    addError(errors, 'non_field_errors', messages.importExtraCells);
  }
  const customer = checkCustomer(ctx, cell, errors);
  const hasAccount = accountImportFields.some((field) => (cell(field) ?? '').trim() !== '');
  const account = hasAccount ? checkAccount(cell, errors) : null;
  const isValid = Object.keys(errors).length === 0 && customer !== null;
  const phone = cell('sms_phone_number')?.trim();
  const keys: RowKeys = {
    externalId: cell('external_id')?.trim() ?? '',
    // Parsed once when the row is good (phone parsing is the costliest rule of a 100,000-row file).
    phone: customer ? customer.sms_phone_number : phone ? toE164Phone(phone) : null,
    accountExternalId: hasAccount ? cell('account_external_id')?.trim() || null : null,
  };
  return {
    position: row.position,
    rowNumber: row.rowNumber,
    errors,
    keys,
    record: isValid ? { rowNumber: row.rowNumber, customer, account } : null,
  };
}

/** Adds `message` to `field` of the row (checks across rows and against the database). */
export function addRowError(row: CheckedRow, field: string, message: string): void {
  addError(row.errors, field, message);
  row.record = null;
}
