import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { sql, type ExtractTablesWithRelations, type Placeholder } from 'drizzle-orm';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { keepExtendedQueriesTogether } from './pglite-socket-ordering';
import { withRowsMappedOnce } from './rows-mapped-once';
import * as schema from './schema';

/**
 * What repositories query through: the pool's database or a transaction of it. Typed as the common base of
 * both, so `inTransaction` (kit/transaction.ts) hands its transaction to any repository without a cast.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** Connection settings for other `pg` clients (the job queue's own pool, LISTEN connections). */
  pgConfig: pg.PoolConfig;
  kind: 'postgres' | 'pglite';
  /**
   * PGlite only (PostgreSQL: LISTEN on a dedicated connection): LISTEN on the one session every connection
   * shares, and hear its notifications. PGlite answers a NOTIFY to the connection whose commit sent it, so
   * they are collected from every client of this process's pool.
   */
  listen?: (channel: string, listener: (payload: string) => void) => Promise<() => void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database (ignored with databaseUrl). */
  pgliteDataDir?: string;
  /** An already opened PGlite instance (tests load one from a migrated template). */
  pglite?: PGlite;
  poolMax: number;
};

/**
 * Extensions the migrations create (pg_trgm for name search, btree_gin to key its index by merchant); PGlite
 * must load them when it opens.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

// PGlite's socket server gives every connection the one session PGlite has, so a statement prepared by name
// on one connection already exists for the next, which does not know it and fails to prepare it again.
const oneSessionPools = new WeakSet<pg.Pool>();

/**
 * The name to prepare a statement under: its own on PostgreSQL (parsed and planned once per connection), none
 * on PGlite (see oneSessionPools), where the statement is still built once but parsed on each use.
 */
export function statementName(db: Db, name: string): string {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool && oneSessionPools.has(client) ? '' : name;
}

/**
 * A statement built and prepared once per database handle (named through statementName): PostgreSQL then parses
 * and plans it once per connection instead of on every request, and its rows are mapped by a mapper built once
 * (db/rows-mapped-once.ts) instead of testing every field's class on every row (issue 19).
 */
export function preparedPerDb<S>(prepare: (db: Db) => S): (db: Db) => S {
  const byDb = new WeakMap<Db, S>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = withRowsMappedOnce(prepare(db));
      byDb.set(db, statement);
    }
    return statement;
  };
}

/**
 * preparedPerDb for statements of several shapes (which filters a request has, not their values), each built
 * the first time a request of that shape comes. The shapes are few and fixed by the code, so the map stays small.
 */
export function preparedPerShape<S>(): (db: Db, shape: string, prepare: (db: Db) => S) => S {
  const byShape = new Map<string, (db: Db) => S>();
  return (db, shape, prepare) => {
    let statement = byShape.get(shape);
    if (!statement) {
      statement = preparedPerDb(prepare);
      byShape.set(shape, statement);
    }
    return statement(db);
  };
}

/**
 * The name of a statement built once but sent unnamed: PostgreSQL parses and plans it on every execution,
 * with its values, where a plan made once for any value would be worse (a LIKE pattern's index range).
 */
export const UNNAMED = '';

/** A statement's value: the value itself, or a placeholder of that name in a statement built once (db/client). */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

/** Values written into the statement as its parameters. */
export const inlineValues: Bind = (_name, value) => value;
/** Every value a named placeholder, for a statement built once per shape and executed with the values. */
export const placeholderValues: Bind = (name) => sql.placeholder(name);

// Headroom over the app pool for the job queue's pool and short-lived clients.
const PGLITE_SOCKET_EXTRA_CONNECTIONS = 40;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax);
  return openEmbedded(options);
}

async function openPostgres(connectionString: string, poolMax: number): Promise<Database> {
  const pgConfig: pg.PoolConfig = { connectionString };
  const pool = new pg.Pool({ ...pgConfig, max: poolMax });
  // An idle connection the server ends (restart, failover, a test dropping its database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
  await pool.query('select 1');
  return {
    db: drizzle({ client: pool, schema }),
    pool,
    pgConfig,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

// Embedded mode serves PGlite over the PostgreSQL wire protocol on a private unix socket, so the app, the
// job queue and the tests all speak `pg` to both databases: one code path (docs/conventions.md §3).
async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  let pglite = options.pglite;
  if (!pglite) {
    if (!options.pgliteDataDir) throw new Error('openDatabase: pgliteDataDir or pglite is required');
    mkdirSync(options.pgliteDataDir, { recursive: true });
    pglite = await PGlite.create({ dataDir: options.pgliteDataDir, extensions: pgliteExtensions });
  }
  const socketDir = mkdtempSync(path.join(tmpdir(), 'paylane-pg-'));
  const server = new PGLiteSocketServer({
    db: pglite,
    path: path.join(socketDir, '.s.PGSQL.5432'),
    maxConnections: options.poolMax + PGLITE_SOCKET_EXTRA_CONNECTIONS,
  });
  keepExtendedQueriesTogether(server);
  await server.start();
  const pgConfig: pg.PoolConfig = { host: socketDir, port: 5432, user: 'postgres', database: 'postgres' };
  const pool = new pg.Pool({ ...pgConfig, max: options.poolMax });
  oneSessionPools.add(pool);
  const instance = pglite;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const hear = (channel: string, payload: string) => listeners.get(channel)?.forEach((l) => l(payload));
  pool.on('connect', (client) => client.on('notification', (n) => hear(n.channel, n.payload ?? '')));
  return {
    db: drizzle({ client: pool, schema }),
    pool,
    pgConfig,
    kind: 'pglite',
    async listen(channel, listener) {
      if (!listeners.has(channel)) {
        listeners.set(channel, new Set());
        // Notifications of statements run on the instance itself (not through the socket) arrive here.
        await instance.listen(channel, (payload) => hear(channel, payload));
      }
      listeners.get(channel)!.add(listener);
      return () => void listeners.get(channel)?.delete(listener);
    },
    async close() {
      await pool.end();
      await withTimeout(server.stop(), 2000);
      await instance.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

// server.stop() can hang after abrupt client exits (docs/reference/stack.md §3 gotcha 7).
async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The database the configuration names: DATABASE_URL, else the embedded one under DATA_DIR. */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  poolMax: number,
): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'pglite'),
    poolMax,
  });
}
