import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../db/client';
import { migrateDatabase, migrationsFolder } from '../db/migrate';
import { databaseUrlFor } from './database-url';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplateDatabase: string;
  }
}

// Migrate once per run; every test file then starts from a copy of that template instead of paying
// for initdb and migrations again (PGlite: loadDataDir of a dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
let cleanup: (() => Promise<void>) | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.PAYLANE_TEST_DB === 'postgres') {
    const name = await createPostgresTemplate();
    project.provide('postgresTemplateDatabase', name);
    cleanup = () => dropPostgresDatabases(name);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'paylane-template-'));
  const file = path.join(dir, 'template.tar');
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle({ client: pglite }), { migrationsFolder });
  const dump = await pglite.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', file);
  cleanup = () => rm(dir, { recursive: true, force: true });
}

export async function teardown(): Promise<void> {
  await cleanup?.();
}

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('PAYLANE_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

async function createPostgresTemplate(): Promise<string> {
  const url = requireTestDatabaseUrl();
  // Unique per run, so two runs on one server (a developer's and CI's) never drop each other's copies.
  const name = `paylane_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), poolMax: 2 });
  await migrateDatabase(database.db);
  await database.close();
  return name;
}

async function dropPostgresDatabases(templateName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: requireTestDatabaseUrl() });
  await admin.connect();
  const prefix = templateName.replace('_tpl_', '_t_');
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname = $1 or datname like $2`,
    [templateName, `${prefix}_%`],
  );
  for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
  await admin.end();
}
