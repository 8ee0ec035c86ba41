import type { Db, DbTransaction } from '../../db/client';

/** A status and the opt-out it may cause commit together: a retried callback finds both or neither. */
export function inTransaction<T>(db: Db, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
