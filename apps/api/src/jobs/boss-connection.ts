import pg from 'pg';
import type PgBoss from 'pg-boss';

export type BossConnection = PgBoss.Db & {
  /** Waits for queries still running, then ends the pool. Later queries answer with no rows, as pg-boss expects. */
  close(): Promise<void>;
};

type QueryResult = { rows: unknown[] };

/**
 * The pool pg-boss talks through, handed to it as `db` so pg-boss opens none of its own. Why:
 * - the app's connection settings are a pg.PoolConfig, which pg-boss's narrower option types do not accept
 *   (and pg-boss would pass its whole options object on to pg.Pool);
 * - close() lets queries still in flight (a maintenance pass that began before stop) finish first, so stopping
 *   never turns into "pool is ending" errors;
 * - connection errors reach our logger.
 * A query that fails inside pg-boss's "BEGIN; ...; COMMIT;" scripts does not leave an open transaction behind:
 * pg-pool destroys a client whose query failed (important through pglite-socket, which makes every other
 * connection wait while one holds a transaction).
 */
export function openBossConnection(options: {
  pgConfig: pg.PoolConfig;
  max: number;
  onError: (error: Error) => void;
}): BossConnection {
  const pool = new pg.Pool({ ...options.pgConfig, max: options.max, application_name: 'paylane-jobs' });
  pool.on('error', options.onError);
  const inFlight = new Set<Promise<QueryResult>>();
  let isClosed = false;

  return {
    executeSql(text: string, values?: unknown[]): Promise<QueryResult> {
      if (isClosed) return Promise.resolve({ rows: [] });
      const query = pool.query(text, values);
      inFlight.add(query);
      const forget = () => inFlight.delete(query);
      void query.then(forget, forget);
      return query;
    },
    async close() {
      isClosed = true;
      await Promise.allSettled([...inFlight]);
      await pool.end();
    },
  };
}
