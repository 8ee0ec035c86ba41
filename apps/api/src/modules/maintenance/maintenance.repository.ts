import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What autovacuum does on PostgreSQL, for embedded PGlite, which has none: refreshes the planner's statistics
 * of every table, and vacuums, which marks pages all-visible so index-only scans (the report's counts, the
 * lists' pages) answer from the index. Without it each of those reads fetched every row from its table: a
 * report search of 2,947 payments read 1,465 table pages instead of none. A vacuum with nothing to do takes
 * about 75 ms on 200,000 payments; the first after a bulk load about 1 s (issue 19).
 */
export async function vacuumAnalyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/** Pages of a table marked all-visible (pg_class.relallvisible): 0 before any vacuum. */
export async function allVisiblePages(db: Db, table: string): Promise<number> {
  const result = await db.execute<{ pages: number }>(
    sql`select relallvisible::int as pages from pg_class where relname = ${table} and relkind = 'r'`,
  );
  return Number(result.rows[0]?.pages ?? 0);
}

/** The planner's row estimate of a table (pg_class.reltuples; -1 or 0 before any analyze). */
export async function estimatedRows(db: Db, table: string): Promise<number> {
  const result = await db.execute<{ estimate: number }>(
    sql`select reltuples::float8 as estimate from pg_class where relname = ${table} and relkind = 'r'`,
  );
  return Number(result.rows[0]?.estimate ?? -1);
}
