import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';
import { prepareStatementsByName } from './prepared-statements';

// PostgreSQL only: the app's pool prepares each parameterized statement by name, once per connection.
describe.runIf(process.env.PAYLANE_TEST_DB === 'postgres')(
  'statements prepared by name on PostgreSQL',
  () => {
    let database: Database;
    let pool: pg.Pool;
    beforeAll(async () => {
      database = await createTestDatabase({ poolMax: 1 });
      // A pool of one connection of its own, with a cap of two names, to see the cap too.
      pool = new pg.Pool({ ...database.pgConfig, max: 1 });
      prepareStatementsByName(pool, { max: 2 });
    });
    afterAll(async () => {
      await pool.end();
      await database.close();
    });

    const prepared = async () =>
      (
        await pool.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements',
        )
      ).rows;

    it('prepares a parameterized statement once under a name from its text, and answers every use', async () => {
      for (const n of [1, 2, 3]) {
        const { rows } = await pool.query<{ v: number }>('select $1::int * 2 as v', [n]);
        expect(rows).toEqual([{ v: n * 2 }]);
      }
      const { rows } = await pool.query({ text: 'select $1::text as w', values: ['x'], rowMode: 'array' });
      expect(rows).toEqual([['x']]);
      const statements = await prepared();
      expect(statements.map((row) => row.statement).sort()).toEqual([
        'select $1::int * 2 as v',
        'select $1::text as w',
      ]);
      expect(statements.every((row) => row.name.startsWith('s_'))).toBe(true);
    });

    it('sends statements without parameters, and texts past the cap, unnamed', async () => {
      // Two statements in one text: one result each (pg types a single one).
      const results = (await pool.query('select 1 as one; select 2 as two')) as unknown as pg.QueryResult[];
      expect(results.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
      const { rows } = await pool.query<{ v: string }>('select $1::text || $2::text as v', ['a', 'b']);
      expect(rows).toEqual([{ v: 'ab' }]);
      expect(await prepared()).toHaveLength(2);
    });
  },
);
