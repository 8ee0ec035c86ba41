import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase } from '../test/database';

// Regression: on PGlite (one session behind pglite-socket) two connections' parameterised queries interleaved
// message by message and bound each other's unnamed statements, so a read answered another query's rows.
describe('concurrent parameterised queries on every pooled connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ poolMax: 5 });
  });
  afterAll(() => database.close());

  it('each get their own answer, beside transactions and failing statements', async () => {
    const { pool } = database;
    const wrong: string[] = [];
    const sums = async () => {
      for (let i = 0; i < 150; i++) {
        const { rows } = await pool.query<{ v: number }>('select $1::int + 1 as v', [i]);
        if (rows[0]?.v !== i + 1) wrong.push(`sum ${i}: ${JSON.stringify(rows)}`);
      }
    };
    const texts = async () => {
      for (let i = 0; i < 150; i++) {
        const { rows } = await pool.query<{ w: string }>(`select $1::text || 'x' as w, 2 as z`, [`q${i}`]);
        if (rows[0]?.w !== `q${i}x`) wrong.push(`text ${i}: ${JSON.stringify(rows)}`);
      }
    };
    const transactions = async () => {
      for (let i = 0; i < 50; i++) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query<{ q: number }>('select $1::int as q', [i]);
          if (rows[0]?.q !== i) wrong.push(`transaction ${i}: ${JSON.stringify(rows)}`);
          await client.query('commit');
        } finally {
          client.release();
        }
      }
    };
    const failures = async () => {
      for (let i = 0; i < 30; i++) {
        await expect(pool.query('select no_such_column from pg_class where oid = $1', [i])).rejects.toThrow(
          /no_such_column/,
        );
      }
    };
    await Promise.all([sums(), texts(), transactions(), failures()]);
    expect(wrong).toEqual([]);
  });
});
