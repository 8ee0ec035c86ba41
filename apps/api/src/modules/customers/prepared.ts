import type { Db } from '../../db/client';

/**
 * A statement prepared once per database handle (named by the caller through statementName): PostgreSQL
 * parses and plans it once per connection instead of on every request, which at 20,000 customers a merchant
 * costs more than running the customer page's statements (issue 19).
 */
export function preparedPerDb<S>(prepare: (db: Db) => S): (db: Db) => S {
  const byDb = new WeakMap<Db, S>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = prepare(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
