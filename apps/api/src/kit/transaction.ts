import type { Db } from '../db/client';

/**
 * Runs `work` in one transaction. Inside, use only the handle given to `work`: a query on the outer `db` would
 * run on another connection, outside the transaction (and can wait forever on a row the transaction locked).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
