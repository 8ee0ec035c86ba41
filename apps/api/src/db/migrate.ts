import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './client';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// Any constant every Paylane process agrees on: the key of the session advisory lock around set-up.
const SETUP_LOCK_KEY = 7_320_541_014;

/** Applies the committed migrations; already applied ones are skipped. */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * Runs `work` holding the database's set-up lock. API processes and workers started together on one
 * PostgreSQL would otherwise apply the same migration twice, or deadlock creating the same job queues (seen:
 * pg-boss create_queue from three processes). The lock lives on a connection of its own (the pool may have a
 * single one, which the work needs) and ends with that session, so a process that dies holding it frees it.
 * Embedded PGlite serves one process: nothing to hold.
 */
export async function underSetupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const holder = new pg.Client(database.pgConfig);
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    return await work();
  } finally {
    await holder.end();
  }
}

/** migrateDatabase under the set-up lock (the CLIs; a server holds it across its whole set-up). */
export const migrateExclusively = (database: Database) =>
  underSetupLock(database, () => migrateDatabase(database.db));
