import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Refreshes the planner's statistics of every table. */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** The planner's row estimate of a table (pg_class.reltuples; -1 or 0 before any analyze). */
export async function estimatedRows(db: Db, table: string): Promise<number> {
  const result = await db.execute<{ estimate: number }>(
    sql`select reltuples::float8 as estimate from pg_class where relname = ${table} and relkind = 'r'`,
  );
  return Number(result.rows[0]?.estimate ?? -1);
}
