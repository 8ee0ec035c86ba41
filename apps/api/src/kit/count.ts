import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** How many rows of `table` match `where`: a page-number list's `count`, next to its page of rows. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  return totals?.total ?? 0;
}
