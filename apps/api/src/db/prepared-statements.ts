import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * How many distinct statement texts one process prepares by name. A connection keeps each one it used, so the
 * cap bounds the server's memory per connection; texts past it run unnamed, as before. The app's statements
 * number in the hundreds; texts that vary with their input (an IN list of n ids) are why there is a cap.
 */
export const NAMED_STATEMENTS_MAX = 2_000;

/** Longer texts (bulk inserts of many rows, whose text changes with the row count) gain nothing from a name. */
const NAMED_TEXT_MAX_LENGTH = 4_000;

type QueryConfig = { text: string; name?: string; values?: unknown[] };

/**
 * Every parameterized statement this pool's connections send is prepared under a name derived from its text
 * (issue 19): PostgreSQL then parses and analyzes it once per connection instead of on every request (the
 * plan is still made for each use's parameters: plan_cache_mode, db/client.ts).
 * Statements without parameters (BEGIN, migrations, multi-statement scripts) keep the simple protocol.
 * PostgreSQL only: PGlite's connections share one session (db/client.ts).
 */
export function prepareStatementsByName(pool: pg.Pool, options: { max?: number } = {}): void {
  const max = options.max ?? NAMED_STATEMENTS_MAX;
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (text.length > NAMED_TEXT_MAX_LENGTH) return undefined;
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) =>
      send(named(config, values, nameOf), values, callback)) as typeof client.query;
  });
}

function named(config: unknown, values: unknown, nameOf: (text: string) => string | undefined): unknown {
  if (typeof config === 'string') {
    if (!Array.isArray(values) || values.length === 0) return config;
    const name = nameOf(config);
    return name ? { text: config, name } : config;
  }
  if (!isUnnamedQuery(config)) return config;
  const parameters = config.values ?? values;
  if (!Array.isArray(parameters) || parameters.length === 0) return config;
  const name = nameOf(config.text);
  return name ? { ...config, name } : config;
}

function isUnnamedQuery(config: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as Partial<QueryConfig> & { submit?: unknown };
  // A Query or Cursor object (submit) is passed through as it is.
  return typeof query.text === 'string' && !query.name && query.submit === undefined;
}
