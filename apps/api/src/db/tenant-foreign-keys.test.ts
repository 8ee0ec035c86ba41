import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase } from '../test/database';

// A rule the database keeps, so no missed check in code can break it (issue 14 item 7): a row of one merchant
// that names a row of a merchant-scoped table names it together with its own merchant_id, through a
// composite foreign key (merchant_id, x_id) → parent (merchant_id, id). A new table that adds a plain
// single-column reference to a merchant's table fails here.

/** References that deliberately stay single-column, and why. */
const SINGLE_COLUMN_ALLOWED = new Map([
  // Written by our own code from the message row itself (status callbacks, STOP replies), never from an id a
  // request names; a (merchant_id, id) key on the largest table would slow every mass text.
  ['message_status_events.message_id', 'derived from the message row'],
  ['consent_events.message_id', 'derived from the message row'],
]);

type ForeignKey = { name: string; child: string; columns: string[]; parent: string; parentColumns: string[] };

describe('tenant foreign keys', () => {
  let database: Database;
  let foreignKeys: ForeignKey[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { rows } = await database.db.execute<ForeignKey>(sql`
      select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
        (select array_agg(a.attname::text order by k.i) from unnest(c.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as columns,
        (select array_agg(a.attname::text order by k.i) from unnest(c.confkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as "parentColumns"
      from pg_constraint c
      where c.contype = 'f'
        and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'merchant_id')
        and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'merchant_id')`);
    foreignKeys = rows;
  });
  afterAll(() => database.close());

  it('every reference between two merchant-scoped tables carries merchant_id on both sides', () => {
    const plain = foreignKeys
      .filter((fk) => !(fk.columns[0] === 'merchant_id' && fk.parentColumns[0] === 'merchant_id'))
      .map((fk) => `${fk.child}.${fk.columns.join(',')}`)
      .filter((reference) => !SINGLE_COLUMN_ALLOWED.has(reference));
    expect(plain).toEqual([]);
    // The check above looked at something: the customer tables' own references are among them.
    expect(foreignKeys.map((fk) => fk.name)).toContain('accounts_customer_id_tenant_fk');
  });

  it("refuses a child row that names another merchant's parent, and keeps merchant_id on SET NULL", async () => {
    const { db } = database;
    const merchant = async (name: string) =>
      (await db.execute<{ id: string }>(sql`insert into merchants (name) values (${name}) returning id`))
        .rows[0]!.id;
    const own = await merchant('Own Motors');
    const rival = await merchant('Rival Motors');
    const rivalLocation = (
      await db.execute<{ id: string }>(
        sql`insert into locations (merchant_id, name) values (${rival}, 'Rival lot') returning id`,
      )
    ).rows[0]!.id;
    const intoRivalLot =
      db.execute(sql`insert into customers (merchant_id, location_id, first_name, last_name)
      values (${own}, ${rivalLocation}, 'Ada', 'Crossover')`);
    await expect(intoRivalLot).rejects.toMatchObject({ cause: { code: '23503' } });

    const ownLocation = (
      await db.execute<{ id: string }>(
        sql`insert into locations (merchant_id, name) values (${own}, 'Own lot') returning id`,
      )
    ).rows[0]!.id;
    await db.execute(sql`insert into customers (merchant_id, location_id, first_name, last_name)
      values (${own}, ${ownLocation}, 'Ada', 'Local')`);
    await db.execute(sql`delete from locations where id = ${ownLocation}`);
    const { rows } = await db.execute<{ merchant_id: string; location_id: string | null }>(
      sql`select merchant_id, location_id from customers where last_name = 'Local'`,
    );
    expect(rows).toEqual([{ merchant_id: own, location_id: null }]);
  });
});
