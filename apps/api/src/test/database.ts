import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from '../db/client';
import { databaseUrlFor } from './database-url';

/**
 * A fresh, migrated database of the kind this test run targets (PGlite, or PostgreSQL when
 * PAYLANE_TEST_DB=postgres). Always close() it: an open PGlite keeps the test process alive.
 */
export async function createTestDatabase(options: { poolMax?: number } = {}): Promise<Database> {
  const poolMax = options.poolMax ?? 5;
  if (process.env.PAYLANE_TEST_DB === 'postgres') return createPostgresCopy(poolMax);
  const dump = await readFile(inject('pgliteTemplateFile'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return openDatabase({ pglite, poolMax });
}

async function createPostgresCopy(poolMax: number): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('PAYLANE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = inject('postgresTemplateDatabase');
  const name = `${template.replace('_tpl_', '_t_')}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create database ${name} template ${template}`));
  const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), poolMax });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient(url, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** One short connection to the server at `url` (creating and dropping databases, reading a database directly). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
