import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import { escapeLike } from '../../kit/like';
import { countWhere } from '../../kit/count';

export type LocationRow = typeof locations.$inferSelect;
/** The columns a person edits; the merchant, ids and timestamps are not theirs to set. */
export type LocationData = Omit<
  typeof locations.$inferInsert,
  'id' | 'merchantId' | 'createdAt' | 'updatedAt'
>;

/** Search text is matched literally: % and _ typed by a user are not wildcards. */

export async function listLocations(
  db: Db,
  query: { merchantId: string; search: string | undefined; limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [eq(locations.merchantId, query.merchantId)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(locations.name, pattern), ilike(locations.city, pattern)));
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(locations)
    .where(where)
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, locations, where) };
}

export async function findLocation(db: Db, merchantId: string, id: string): Promise<LocationRow | null> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.merchantId, merchantId), eq(locations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertLocation(db: Db, merchantId: string, data: LocationData): Promise<LocationRow> {
  const [row] = await db
    .insert(locations)
    .values({ ...data, merchantId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateLocation(
  db: Db,
  { merchantId, id, data, at }: { merchantId: string; id: string; data: LocationData; at: Date },
): Promise<LocationRow | null> {
  const [row] = await db
    .update(locations)
    .set({ ...data, updatedAt: at })
    .where(and(eq(locations.merchantId, merchantId), eq(locations.id, id)))
    .returning();
  return row ?? null;
}
