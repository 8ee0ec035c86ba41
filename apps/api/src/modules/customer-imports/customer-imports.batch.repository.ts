import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The import's bulk statements: lookups for the rows' conflicts and the batch upserts. Each statement takes
// whole columns as arrays (unnest), so a batch of 1,000 rows costs a handful of statements, not thousands:
// PGlite pays ~190 µs per statement.

// Values per lookup statement: on PGlite a statement runs on the event loop, so checking a 100,000-row file
// is many short statements rather than a few that each hold every other request for a tenth of a second.
const LOOKUP_CHUNK = 2_000;

async function inChunks<T>(values: readonly string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values)];
  const results: T[] = [];
  for (let start = 0; start < unique.length; start += LOOKUP_CHUNK) {
    results.push(...(await run(unique.slice(start, start + LOOKUP_CHUNK))));
  }
  return results;
}

// Each lookup walks the given values and probes the unique index once per value (LATERAL … LIMIT 1), whatever
// the table statistics say: PGlite never runs autovacuum, so its statistics stay those of an empty table and a
// plain `= any(...)` becomes a scan of every customer of the merchant, once per batch.

/** Phone (E.164) → external id of the live customer of the merchant who has it. */
export async function findPhoneOwners(db: Db, merchantId: string, phones: readonly string[]) {
  const rows = await inChunks(phones, async (chunk) => {
    const result = await db.execute<{ phone: string; external_id: string | null }>(sql`
      select p.phone, c.external_id from unnest(${sql.param(chunk)}::text[]) as p(phone)
      cross join lateral (
        select external_id from customers
        where merchant_id = ${merchantId} and sms_phone_number = p.phone and voided_at is null limit 1
      ) c`);
    return result.rows;
  });
  return new Map(rows.map((row) => [row.phone, row.external_id]));
}

/** The external ids that belong to voided (or merged) customers of the merchant. */
export async function findVoidedExternalIds(db: Db, merchantId: string, externalIds: readonly string[]) {
  const rows = await inChunks(externalIds, async (chunk) => {
    const result = await db.execute<{ external_id: string }>(sql`
      select e.external_id from unnest(${sql.param(chunk)}::text[]) as e(external_id)
      cross join lateral (
        select voided_at from customers
        where merchant_id = ${merchantId} and external_id = e.external_id limit 1
      ) c
      where c.voided_at is not null`);
    return result.rows;
  });
  return new Set(rows.map((row) => row.external_id));
}

/** Account external id → the external id of the customer who holds it. */
export async function findAccountHolders(db: Db, merchantId: string, accountExternalIds: readonly string[]) {
  const rows = await inChunks(accountExternalIds, async (chunk) => {
    const result = await db.execute<{ account: string; holder: string | null }>(sql`
      select e.account, h.holder from unnest(${sql.param(chunk)}::text[]) as e(account)
      cross join lateral (
        select c.external_id as holder from accounts a join customers c on c.id = a.customer_id
        where a.merchant_id = ${merchantId} and a.external_id = e.account limit 1
      ) h`);
    return result.rows;
  });
  return new Map(rows.map((row) => [row.account, row.holder]));
}

/**
 * Fresh planner statistics for the tables the lookups read. PGlite runs no autovacuum, so without this its
 * statistics stay those of an empty table and the planner may probe a phone through the merchant's name index,
 * reading every customer of the merchant for each row. On PostgreSQL it is a cheap sample.
 */
export async function analyzeCustomerTables(db: Db): Promise<void> {
  await db.execute(sql`analyze customers, accounts`);
}

export type CustomerUpsertRow = {
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  locationId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  dateOfBirth: string | null;
};

/** The customer columns an import may set; an update touches only the ones the mapping covers. */
export const customerColumns = [
  'first_name',
  'last_name',
  'email',
  'sms_phone_number',
  'location_id',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'date_of_birth',
] as const;
export type CustomerColumn = (typeof customerColumns)[number];

const setClause = (columns: readonly string[]) =>
  sql.raw(columns.map((column) => `${column} = excluded.${column}`).join(', '));
// A row whose values are already stored is not rewritten: a re-import of the same file writes nothing.
const changedClause = (table: string, columns: readonly string[]) =>
  sql.raw(
    `(${columns.map((column) => `${table}.${column}`).join(', ')}) is distinct from ` +
      `(${columns.map((column) => `excluded.${column}`).join(', ')})`,
  );

/**
 * Inserts or updates the customers by (merchant, external id); `inserted` tells which. A customer whose values
 * are unchanged is not returned (see findCustomersByExternalIds).
 */
export async function upsertCustomers(
  db: Db,
  input: {
    merchantId: string;
    rows: readonly CustomerUpsertRow[];
    update: readonly CustomerColumn[];
    at: Date;
  },
) {
  const col = <K extends keyof CustomerUpsertRow>(key: K) => sql.param(input.rows.map((row) => row[key]));
  const at = input.at.toISOString();
  const result = await db.execute<{
    id: string;
    external_id: string;
    location_id: string | null;
    inserted: boolean;
  }>(sql`
    insert into customers (merchant_id, external_id, first_name, last_name, email, sms_phone_number, location_id,
      address_line1, address_line2, city, state, postal_code, date_of_birth, created_at, updated_at)
    select ${input.merchantId}, t.*, ${at}::timestamptz, ${at}::timestamptz
    from unnest(${col('externalId')}::text[], ${col('firstName')}::text[], ${col('lastName')}::text[],
      ${col('email')}::text[], ${col('phone')}::text[], ${col('locationId')}::uuid[], ${col('addressLine1')}::text[],
      ${col('addressLine2')}::text[], ${col('city')}::text[], ${col('state')}::text[], ${col('postalCode')}::text[],
      ${col('dateOfBirth')}::date[])
      as t(external_id, first_name, last_name, email, sms_phone_number, location_id, address_line1, address_line2,
        city, state, postal_code, date_of_birth)
    on conflict (merchant_id, external_id) where external_id is not null
    do update set ${setClause(input.update)}, updated_at = excluded.updated_at
      where ${changedClause('customers', input.update)}
    returning id, external_id, location_id, (xmax = 0) as inserted`);
  return result.rows;
}

/** The merchant's customers with these external ids (those an upsert found unchanged). */
export async function findCustomersByExternalIds(db: Db, merchantId: string, externalIds: readonly string[]) {
  if (externalIds.length === 0) return [];
  const result = await db.execute<{ id: string; external_id: string; location_id: string | null }>(sql`
    select c.id, e.external_id, c.location_id from unnest(${sql.param(externalIds)}::text[]) as e(external_id)
    cross join lateral (
      select id, location_id from customers where merchant_id = ${merchantId} and external_id = e.external_id limit 1
    ) c`);
  return result.rows;
}

/** The merchant's accounts with these external ids and their holders (those an upsert found unchanged). */
export async function findAccountsByExternalIds(db: Db, merchantId: string, externalIds: readonly string[]) {
  if (externalIds.length === 0) return [];
  const result = await db.execute<{ id: string; external_id: string; customer_id: string }>(sql`
    select a.id, e.external_id, a.customer_id from unnest(${sql.param(externalIds)}::text[]) as e(external_id)
    cross join lateral (
      select id, customer_id from accounts where merchant_id = ${merchantId} and external_id = e.external_id limit 1
    ) a`);
  return result.rows;
}

export type AccountUpsertRow = {
  customerId: string;
  /** The customer's location (as the customer upsert returned it). */
  locationId: string | null;
  externalId: string;
  status: string;
  amountDueCents: number;
  dueDate: string | null;
  cadence: string | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
};

export const accountColumns = [
  'location_id',
  'status',
  'amount_due_cents',
  'due_date',
  'cadence',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
] as const;
export type AccountColumn = (typeof accountColumns)[number];

/**
 * Inserts or updates the accounts by (merchant, external id), each with its customer's location. The customer
 * ids come from this merchant's customer upsert in the same transaction. An account held by another customer
 * is left alone (the job checked for that first, under the same transaction); an unchanged one is not returned.
 */
export async function upsertAccounts(
  db: Db,
  input: {
    merchantId: string;
    rows: readonly AccountUpsertRow[];
    update: readonly AccountColumn[];
    at: Date;
  },
) {
  if (input.rows.length === 0) return [];
  const col = <K extends keyof AccountUpsertRow>(key: K) => sql.param(input.rows.map((row) => row[key]));
  const at = input.at.toISOString();
  const result = await db.execute<{ id: string; external_id: string; inserted: boolean }>(sql`
    insert into accounts (merchant_id, customer_id, location_id, external_id, status, amount_due_cents, due_date,
      cadence, vehicle_year, vehicle_make, vehicle_model, created_at, updated_at)
    select ${input.merchantId}, t.customer_id, t.location_id, t.external_id, t.status, t.amount_due_cents, t.due_date,
      t.cadence, t.vehicle_year, t.vehicle_make, t.vehicle_model, ${at}::timestamptz, ${at}::timestamptz
    from unnest(${col('customerId')}::uuid[], ${col('locationId')}::uuid[], ${col('externalId')}::text[],
      ${col('status')}::text[],
      ${col('amountDueCents')}::bigint[], ${col('dueDate')}::date[], ${col('cadence')}::text[],
      ${col('vehicleYear')}::int[], ${col('vehicleMake')}::text[], ${col('vehicleModel')}::text[])
      as t(customer_id, location_id, external_id, status, amount_due_cents, due_date, cadence, vehicle_year,
        vehicle_make, vehicle_model)
    on conflict (merchant_id, external_id) where external_id is not null
    do update set ${setClause(input.update)}, updated_at = excluded.updated_at
      where accounts.customer_id = excluded.customer_id and ${changedClause('accounts', input.update)}
    returning id, external_id, (xmax = 0) as inserted`);
  return result.rows;
}

export type ImportEventRow = {
  customerId: string;
  accountId: string | null;
  details: Record<string, unknown>;
};

/** The customers' history: one 'customer.imported' event per imported row. */
export async function insertImportEvents(
  db: Db,
  input: { merchantId: string; actorUserId: string | null; rows: readonly ImportEventRow[]; at: Date },
) {
  if (input.rows.length === 0) return;
  await db.execute(sql`
    insert into customer_events (merchant_id, customer_id, account_id, kind, actor_user_id, details, created_at)
    select ${input.merchantId}, t.customer_id, t.account_id, 'customer.imported', ${input.actorUserId}::uuid,
      t.details::jsonb, ${input.at.toISOString()}::timestamptz
    from unnest(${sql.param(input.rows.map((row) => row.customerId))}::uuid[],
      ${sql.param(input.rows.map((row) => row.accountId))}::uuid[],
      ${sql.param(input.rows.map((row) => JSON.stringify(row.details)))}::text[])
      as t(customer_id, account_id, details)`);
}
