import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPerDb, UNNAMED, type Database, type Db } from './client';
import { customers, locations, merchants } from './schema';
import { createTestDatabase } from '../test/database';

// A statement built once maps its rows with a mapper built once (rows-mapped-once.ts): every shape of select
// the repositories prepare must come back exactly as drizzle maps the same query run the ordinary way.

describe('rows of a statement built once', () => {
  let database: Database;
  let merchantId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [merchant] = await db.insert(merchants).values({ name: 'Rows Motors' }).returning();
    merchantId = merchant!.id;
    const [north] = await db.insert(locations).values({ merchantId, name: 'North' }).returning();
    await db.insert(customers).values([
      { merchantId, firstName: 'Ana', lastName: 'Lopez', locationId: north!.id, email: 'ana@example.com' },
      { merchantId, firstName: 'Ben', lastName: 'Moss', smsPhoneNumber: '+12145550100' },
    ]);
  });
  afterAll(() => database.close());

  /** The query run the ordinary way, then built once and executed with the merchant as a placeholder. */
  async function bothWays<R>(
    build: (
      db: Db,
      merchant: string | ReturnType<typeof sql.placeholder>,
    ) => {
      prepare(name: string): { execute(values: Record<string, unknown>): Promise<R> };
      then: PromiseLike<R>['then'];
    },
  ) {
    const ordinary = await build(database.db, merchantId);
    const statement = preparedPerDb((db) => build(db, sql.placeholder('merchantId')).prepare(UNNAMED));
    const once = await statement(database.db).execute({ merchantId });
    return { ordinary, once };
  }

  it('maps top-level columns, counts and JSON as drizzle does', async () => {
    const { ordinary, once } = await bothWays((db, merchant) =>
      db
        .select({
          id: customers.id,
          name: customers.firstName,
          email: customers.email,
          createdAt: customers.createdAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
          summary: sql<{ last: string }>`json_build_object('last', ${customers.lastName})`,
        })
        .from(customers)
        .where(eq(customers.merchantId, merchant))
        .orderBy(customers.firstName),
    );
    expect(once).toEqual(ordinary);
    expect(once).toEqual([
      expect.objectContaining({
        name: 'Ana',
        email: 'ana@example.com',
        total: 2,
        summary: { last: 'Lopez' },
      }),
      expect.objectContaining({ name: 'Ben', email: null, total: 2, summary: { last: 'Moss' } }),
    ]);
    expect(typeof once[0]?.createdAt).toBe(typeof ordinary[0]?.createdAt);
  });

  it("makes a left-joined table's object null when it found no row, and keeps nested objects", async () => {
    const { ordinary, once } = await bothWays((db, merchant) =>
      db
        .select({
          customer: { id: customers.id, first: customers.firstName },
          location: { id: locations.id, name: locations.name },
        })
        .from(customers)
        .leftJoin(locations, and(eq(locations.id, customers.locationId), eq(locations.merchantId, merchant)))
        .where(eq(customers.merchantId, merchant))
        .orderBy(customers.firstName),
    );
    expect(once).toEqual(ordinary);
    expect(once.map((row) => [row.customer.first, row.location?.name ?? null])).toEqual([
      ['Ana', 'North'],
      ['Ben', null],
    ]);
  });

  it('returns whole tables selected side by side', async () => {
    const { ordinary, once } = await bothWays((db, merchant) =>
      db
        .select()
        .from(customers)
        .leftJoin(locations, eq(locations.id, customers.locationId))
        .where(eq(customers.merchantId, merchant))
        .orderBy(customers.firstName),
    );
    expect(once).toEqual(ordinary);
    expect(once[1]?.locations).toBeNull();
    expect(once[0]?.locations?.name).toBe('North');
  });
});
