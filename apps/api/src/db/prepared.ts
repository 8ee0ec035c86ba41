import type { Db } from './client';

/**
 * A prepared statement per Db handle (the pool, or a transaction), made on first use. For hot queries:
 * it skips query building here and parsing and planning in the database.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) cache.set(db, (prepared = prepare(db)));
    return prepared;
  };
}
