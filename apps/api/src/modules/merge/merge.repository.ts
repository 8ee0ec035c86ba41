import type { Db } from '../../db/client';

/** Runs `work` in one transaction; inside it only the handle passed to `work` may be used (ARCHITECTURE.md). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
