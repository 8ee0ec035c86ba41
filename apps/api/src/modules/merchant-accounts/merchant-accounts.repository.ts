import { and, asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, merchantAccounts } from '../../db/schema';
import { countWhere } from '../../kit/count';

export type MerchantAccountData = Omit<
  typeof merchantAccounts.$inferInsert,
  'id' | 'merchantId' | 'createdAt' | 'updatedAt'
>;
export type MerchantAccountRow = typeof merchantAccounts.$inferSelect & { locationName: string };

// Every read joins the location on both ids, so an account is only ever seen with its own merchant's location.
const accountColumns = { ...getTableColumns(merchantAccounts), locationName: locations.name };
const locationJoin = and(
  eq(locations.id, merchantAccounts.locationId),
  eq(locations.merchantId, merchantAccounts.merchantId),
);

export async function listMerchantAccounts(
  db: Db,
  query: { merchantId: string; locationId: string | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(merchantAccounts.merchantId, query.merchantId)];
  if (query.locationId) conditions.push(eq(merchantAccounts.locationId, query.locationId));
  const where = and(...conditions);
  const rows = await db
    .select(accountColumns)
    .from(merchantAccounts)
    .innerJoin(locations, locationJoin)
    .where(where)
    .orderBy(asc(merchantAccounts.name), asc(merchantAccounts.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, merchantAccounts, where) };
}

export async function findMerchantAccount(
  db: Db,
  merchantId: string,
  id: string,
): Promise<MerchantAccountRow | null> {
  const [row] = await db
    .select(accountColumns)
    .from(merchantAccounts)
    .innerJoin(locations, locationJoin)
    .where(and(eq(merchantAccounts.merchantId, merchantId), eq(merchantAccounts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertMerchantAccount(
  db: Db,
  merchantId: string,
  data: MerchantAccountData,
): Promise<string> {
  const [row] = await db
    .insert(merchantAccounts)
    .values({ ...data, merchantId })
    .returning({ id: merchantAccounts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** True when the account existed in the merchant and was updated. */
export async function updateMerchantAccount(
  db: Db,
  { merchantId, id, data, at }: { merchantId: string; id: string; data: MerchantAccountData; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(merchantAccounts)
    .set({ ...data, updatedAt: at })
    .where(and(eq(merchantAccounts.merchantId, merchantId), eq(merchantAccounts.id, id)))
    .returning({ id: merchantAccounts.id });
  return rows.length > 0;
}
