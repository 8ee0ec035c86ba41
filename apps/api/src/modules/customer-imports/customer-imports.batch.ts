import type { ImportMapping } from '@paylane/shared/contracts/customer-imports';
import type { Db } from '../../db/client';
import {
  findAccountsByExternalIds,
  findCustomersByExternalIds,
  insertImportEvents,
  upsertAccounts,
  upsertCustomers,
  type AccountColumn,
  type CustomerColumn,
} from './customer-imports.batch.repository';
import { markDatabaseConflicts } from './customer-imports.conflicts';
import type { CheckedRow, ImportRecord } from './customer-imports.rows';

// One batch of the import job, written inside the caller's transaction: the customers, their accounts and
// their history events, all or nothing.

export type BatchResult = { created: number; updated: number; rejected: CheckedRow[]; imported: number };

/** Mapped fields → the customer and account columns an update may change (unmapped ones keep their values). */
export function columnsToUpdate(mapping: ImportMapping) {
  const customer: CustomerColumn[] = ['first_name', 'last_name'];
  const optional: [keyof ImportMapping, CustomerColumn][] = [
    ['email', 'email'],
    ['sms_phone_number', 'sms_phone_number'],
    ['location', 'location_id'],
    ['address_line1', 'address_line1'],
    ['address_line2', 'address_line2'],
    ['city', 'city'],
    ['state', 'state'],
    ['postal_code', 'postal_code'],
    ['date_of_birth', 'date_of_birth'],
  ];
  for (const [field, column] of optional) if (mapping[field]) customer.push(column);
  const account: AccountColumn[] = ['amount_due_cents'];
  const accountOptional: [keyof ImportMapping, AccountColumn][] = [
    ['location', 'location_id'],
    ['status', 'status'],
    ['due_date', 'due_date'],
    ['cadence', 'cadence'],
    ['vehicle_year', 'vehicle_year'],
    ['vehicle_make', 'vehicle_make'],
    ['vehicle_model', 'vehicle_model'],
  ];
  for (const [field, column] of accountOptional) if (mapping[field]) account.push(column);
  return { customer, account };
}

const toCustomerRow = ({ customer }: ImportRecord) => ({
  externalId: customer.external_id ?? '',
  firstName: customer.first_name,
  lastName: customer.last_name,
  email: customer.email,
  phone: customer.sms_phone_number,
  locationId: customer.location,
  addressLine1: customer.address_line1,
  addressLine2: customer.address_line2,
  city: customer.city,
  state: customer.state,
  postalCode: customer.postal_code,
  dateOfBirth: customer.date_of_birth,
});

/** Raised when the database refused what the checks let through (a race): the batch is rolled back. */
export class BatchConflictError extends Error {}

type Outcome = 'created' | 'updated' | 'unchanged';
type Written = { id: string; outcome: Outcome };
type BatchInput = {
  merchantId: string;
  importId: string;
  actorUserId: string | null;
  mapping: ImportMapping;
  rows: readonly CheckedRow[];
  at: Date;
};

const outcomeOf = (row: { inserted: boolean }): Outcome => (row.inserted ? 'created' : 'updated');
const externalIdOf = (record: ImportRecord) => record.customer.external_id ?? '';

/** The batch's customers by external id: created, updated, or found unchanged. */
async function writeCustomers(db: Db, input: BatchInput, records: ImportRecord[], update: CustomerColumn[]) {
  const changed = await upsertCustomers(db, {
    merchantId: input.merchantId,
    rows: records.map(toCustomerRow),
    update,
    at: input.at,
  });
  const written = new Map<string, Written & { locationId: string | null }>();
  for (const row of changed) {
    written.set(row.external_id, { id: row.id, locationId: row.location_id, outcome: outcomeOf(row) });
  }
  const unchanged = records.map(externalIdOf).filter((externalId) => !written.has(externalId));
  for (const row of await findCustomersByExternalIds(db, input.merchantId, unchanged)) {
    written.set(row.external_id, { id: row.id, locationId: row.location_id, outcome: 'unchanged' });
  }
  if (written.size !== records.length)
    throw new BatchConflictError('a customer of the batch was not written');
  return written;
}

/** The batch's accounts by external id, each held by its row's customer. */
async function writeAccounts(
  db: Db,
  input: BatchInput,
  records: ImportRecord[],
  customers: Map<string, Written & { locationId: string | null }>,
  update: AccountColumn[],
) {
  const holderOf = (record: ImportRecord) => customers.get(externalIdOf(record));
  const changed = await upsertAccounts(db, {
    merchantId: input.merchantId,
    update,
    at: input.at,
    rows: records.map((record) => ({
      customerId: holderOf(record)?.id ?? '',
      locationId: holderOf(record)?.locationId ?? null,
      externalId: record.account?.external_id ?? '',
      status: record.account?.status ?? 'active',
      amountDueCents: record.account?.amount_due ?? 0,
      dueDate: record.account?.due_date ?? null,
      cadence: record.account?.cadence ?? null,
      vehicleYear: record.account?.vehicle_year ?? null,
      vehicleMake: record.account?.vehicle_make ?? null,
      vehicleModel: record.account?.vehicle_model ?? null,
    })),
  });
  const written = new Map<string, Written>(
    changed.map((row) => [row.external_id, { id: row.id, outcome: outcomeOf(row) }]),
  );
  const holderByAccount = new Map(
    records.map((record) => [record.account?.external_id ?? '', holderOf(record)?.id]),
  );
  const rest = [...holderByAccount.keys()].filter((externalId) => !written.has(externalId));
  for (const row of await findAccountsByExternalIds(db, input.merchantId, rest)) {
    // Held by another customer since the check: the upsert left it alone.
    if (holderByAccount.get(row.external_id) !== row.customer_id) continue;
    written.set(row.external_id, { id: row.id, outcome: 'unchanged' });
  }
  if (written.size !== records.length) throw new BatchConflictError('an account of the batch changed hands');
  return written;
}

/**
 * Writes the batch's good rows and their history (one 'customer.imported' event per row that changed
 * something). Rows that cannot be written any more (a rule changed, a phone was taken since the preview) come
 * back as rejected with their messages; the caller records them with the batch.
 */
export async function writeBatch(db: Db, input: BatchInput): Promise<BatchResult> {
  const rows = input.rows.map((row) => ({ ...row, errors: { ...row.errors } }));
  const candidates = rows.filter((row) => row.record !== null);
  await markDatabaseConflicts(db, input.merchantId, candidates);
  const records = candidates.flatMap((row) => (row.record ? [row.record] : []));
  const update = columnsToUpdate(input.mapping);
  const customers = await writeCustomers(db, input, records, update.customer);
  const withAccount = records.filter((record) => record.account !== null);
  const accounts = await writeAccounts(db, input, withAccount, customers, update.account);
  const events = records.flatMap((record) => {
    const customer = customers.get(externalIdOf(record));
    const account = record.account ? accounts.get(record.account.external_id ?? '') : undefined;
    if (
      !customer ||
      (customer.outcome === 'unchanged' && (account?.outcome ?? 'unchanged') === 'unchanged')
    ) {
      return [];
    }
    const details = {
      import_id: input.importId,
      row_number: record.rowNumber,
      customer: customer.outcome,
      account: account?.outcome ?? null,
    };
    return [{ customerId: customer.id, accountId: account?.id ?? null, details }];
  });
  await insertImportEvents(db, {
    merchantId: input.merchantId,
    actorUserId: input.actorUserId,
    rows: events,
    at: input.at,
  });
  const created = [...customers.values()].filter((customer) => customer.outcome === 'created').length;
  return {
    created,
    updated: records.length - created,
    rejected: rows.filter((row) => row.record === null),
    imported: records.length,
  };
}
