import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessOwners, merchants } from '../../db/schema';
import { countWhere } from '../../kit/count';

export type OwnerRow = typeof businessOwners.$inferSelect;
export type OwnerData = Omit<
  typeof businessOwners.$inferInsert,
  'id' | 'merchantId' | 'createdAt' | 'updatedAt'
>;
/** On update the sealed SSN may stay as stored. */
export type OwnerUpdateData = Omit<OwnerData, 'ssnEncrypted' | 'ssnLast4'> &
  Partial<Pick<OwnerData, 'ssnEncrypted' | 'ssnLast4'>>;

export async function listOwners(db: Db, query: { merchantId: string; limit: number; offset: number }) {
  const where = eq(businessOwners.merchantId, query.merchantId);
  const rows = await db
    .select()
    .from(businessOwners)
    .where(where)
    .orderBy(asc(businessOwners.fullName), asc(businessOwners.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, businessOwners, where) };
}

export async function findOwner(db: Db, merchantId: string, id: string): Promise<OwnerRow | null> {
  const [row] = await db
    .select()
    .from(businessOwners)
    .where(and(eq(businessOwners.merchantId, merchantId), eq(businessOwners.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Runs `work` in a transaction that first locks the merchant's row. Every owner write of a merchant takes
 * this lock, so two writes never both see a total that leaves room for them (an owners-row lock would not
 * stop a concurrent insert). Inside, use only the handle given to `work` (ARCHITECTURE.md, lessons).
 */
export function withOwnersLocked<T>(db: Db, merchantId: string, work: (txDb: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    return work(tx);
  });
}

/** The merchant's ownership total in hundredths of a percent, leaving out one owner (the one being replaced). */
export async function sumOwnershipHundredths(
  db: Db,
  { merchantId, exceptId }: { merchantId: string; exceptId?: string },
): Promise<number> {
  const conditions: SQL[] = [eq(businessOwners.merchantId, merchantId)];
  if (exceptId) conditions.push(ne(businessOwners.id, exceptId));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${businessOwners.ownershipHundredths}), 0)` })
    .from(businessOwners)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

export async function insertOwner(db: Db, merchantId: string, data: OwnerData): Promise<OwnerRow> {
  const [row] = await db
    .insert(businessOwners)
    .values({ ...data, merchantId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateOwner(
  db: Db,
  { merchantId, id, data, at }: { merchantId: string; id: string; data: OwnerUpdateData; at: Date },
): Promise<OwnerRow | null> {
  const [row] = await db
    .update(businessOwners)
    .set({ ...data, updatedAt: at })
    .where(and(eq(businessOwners.merchantId, merchantId), eq(businessOwners.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteOwner(db: Db, merchantId: string, id: string): Promise<OwnerRow | null> {
  const [row] = await db
    .delete(businessOwners)
    .where(and(eq(businessOwners.merchantId, merchantId), eq(businessOwners.id, id)))
    .returning();
  return row ?? null;
}
