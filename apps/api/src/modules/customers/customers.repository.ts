import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, statementName, type Db } from '../../db/client';
import { customers, locations } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
/** The columns a person edits (bp_information); consent, voiding and merges have their own paths. */
export type CustomerData = Pick<
  typeof customers.$inferInsert,
  | 'firstName'
  | 'lastName'
  | 'externalId'
  | 'email'
  | 'smsPhoneNumber'
  | 'locationId'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'dateOfBirth'
  | 'language'
>;
export type CustomerWithLocation = CustomerRow & { location: { id: string; name: string } | null };

const inMerchant = (merchantId: string, id: string) =>
  and(eq(customers.merchantId, merchantId), eq(customers.id, id));

const customerRowStatement = preparedPerDb((db) =>
  db
    .select({ customer: customers, locationId: locations.id, locationName: locations.name })
    .from(customers)
    .leftJoin(locations, eq(locations.id, customers.locationId))
    .where(
      and(eq(customers.merchantId, sql.placeholder('merchantId')), eq(customers.id, sql.placeholder('id'))),
    )
    .limit(1)
    .prepare(statementName(db, 'customer_row')),
);

/** The merchant's customer (voided ones too: their history stays readable), with its location's name. */
export async function findCustomerRow(
  db: Db,
  merchantId: string,
  id: string,
): Promise<CustomerWithLocation | null> {
  const [row] = await customerRowStatement(db).execute({ merchantId, id });
  if (!row) return null;
  const location = row.locationId ? { id: row.locationId, name: row.locationName ?? '' } : null;
  return { ...row.customer, location };
}

/** The merchant's location, or null (another merchant's location is as unknown as a missing one). */
export async function findMerchantLocation(db: Db, merchantId: string, id: string) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.merchantId, merchantId), eq(locations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertCustomer(
  db: Db,
  { merchantId, data, at }: { merchantId: string; data: CustomerData; at: Date },
): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({ ...data, merchantId, createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCustomerRow(
  db: Db,
  { merchantId, id, data, at }: { merchantId: string; id: string; data: CustomerData; at: Date },
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({ ...data, updatedAt: at })
    .where(inMerchant(merchantId, id))
    .returning();
  return row ?? null;
}

/** Voids a live customer; null when there was none to void (unknown, or voided already). */
export async function voidCustomerRow(
  db: Db,
  { merchantId, id, at }: { merchantId: string; id: string; at: Date },
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({ voidedAt: at, updatedAt: at })
    .where(and(inMerchant(merchantId, id), isNull(customers.voidedAt)))
    .returning();
  return row ?? null;
}

export async function setCustomerLastViewed(
  db: Db,
  { merchantId, id, at }: { merchantId: string; id: string; at: Date },
): Promise<Date | null> {
  const [row] = await db
    .update(customers)
    .set({ lastViewedAt: at })
    .where(inMerchant(merchantId, id))
    .returning({ lastViewedAt: customers.lastViewedAt });
  return row?.lastViewedAt ?? null;
}

const except = (exceptId: string | undefined): SQL | undefined =>
  exceptId ? ne(customers.id, exceptId) : undefined;

/** Another customer of the merchant (voided ones included: the unique key keeps their number) has it. */
export async function isCustomerExternalIdTaken(
  db: Db,
  { merchantId, externalId, exceptId }: { merchantId: string; externalId: string; exceptId?: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.externalId, externalId), except(exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Another live customer of the merchant texts at this number (a voided customer frees it). */
export async function isPhoneInUse(
  db: Db,
  { merchantId, phone, exceptId }: { merchantId: string; phone: string; exceptId?: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(customers.smsPhoneNumber, phone),
        isNull(customers.voidedAt),
        except(exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
