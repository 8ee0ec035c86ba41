import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';

type Page = { count: number; results: { first_name: string }[] };

// Each customer's open accounts (active, pending) make their amount due (added up) and due date (the earliest):
// @paylane/shared/customer-due.ts. A merchant of its own, so the unfiltered list holds only these.
const people: { first: string; last: string; accounts: [string, number, string | null][] }[] = [
  {
    first: 'Ann',
    last: 'Able',
    accounts: [
      ['active', 10_000, '2026-11-01'],
      ['pending', 5_000, '2026-12-01'],
    ],
  },
  { first: 'Bob', last: 'Baker', accounts: [['active', 15_000, '2026-11-15']] },
  { first: 'Cy', last: 'Cole', accounts: [['closed', 99_900, '2026-01-01']] },
  { first: 'Di', last: 'Dunn', accounts: [] },
  {
    first: 'Ed',
    last: 'Eck',
    accounts: [
      ['active', 2_000, null],
      ['inactive', 1, '2025-01-01'],
    ],
  },
  { first: 'Fay', last: 'Fox', accounts: [['active', 30_000, '2026-11-01']] },
];

describe('customer list sorted by amount due and due date', () => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const [merchant] = await db.insert(merchants).values({ name: 'Sorting Motors' }).returning();
    const merchantId = merchant!.id;
    base = `/api/merchants/${merchantId}/customers/`;
    for (const person of people) {
      const [customer] = await db
        .insert(customers)
        .values({ merchantId, firstName: person.first, lastName: person.last })
        .returning();
      for (const [status, amountDueCents, dueDate] of person.accounts) {
        await db.insert(accounts).values({
          merchantId,
          customerId: customer!.id,
          status: status as 'active',
          amountDueCents,
          dueDate,
        });
      }
    }
    await addMember(db, { merchantId, email: 'staff@sorting-motors.test', roles: ['staff'] });
    token = (await t.signIn('staff@sorting-motors.test', MEMBER_PASSWORD)).access;
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const answer = await t.request(`${base}?${query}`, { token });
    if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as Page;
  };
  const names = async (query: string) => (await list(query)).results.map((row) => row.first_name);
  /** The expected order cut to the customers the query finds (a search finds some of them). */
  const hitsOf = async (query: string) => {
    const hits = await names(query);
    return (order: string[]) => order.filter((name) => hits.includes(name));
  };

  // The whole list, a filtered one and a search each build their own statement (customers-list.repository.ts).
  const shapes = ['', 'opted_out=false&', 'search=e&field=name&'];
  it('finds some of them with the search', async () => {
    expect((await list(shapes[2]!)).count).toBe(4);
  });

  it.each(shapes)(
    'sorts by amount due, no open account last either way, ties by name (%s)',
    async (shape) => {
      const only = await hitsOf(shape);
      expect(await names(`${shape}ordering=amount_due`)).toEqual(
        only(['Ed', 'Ann', 'Bob', 'Fay', 'Cy', 'Di']),
      );
      expect(await names(`${shape}ordering=-amount_due`)).toEqual(
        only(['Fay', 'Ann', 'Bob', 'Ed', 'Cy', 'Di']),
      );
    },
  );

  it.each(shapes)(
    'sorts by the earliest open due date, none last either way, ties by name (%s)',
    async (shape) => {
      const only = await hitsOf(shape);
      expect(await names(`${shape}ordering=due_date`)).toEqual(only(['Ann', 'Fay', 'Bob', 'Cy', 'Di', 'Ed']));
      expect(await names(`${shape}ordering=-due_date`)).toEqual(
        only(['Bob', 'Ann', 'Fay', 'Cy', 'Di', 'Ed']),
      );
    },
  );

  it('pages through ties without repeating or skipping anyone', async () => {
    for (const ordering of ['amount_due', '-amount_due', 'due_date', '-due_date']) {
      const pages = await Promise.all(
        [1, 2, 3].map((page) => names(`ordering=${ordering}&page_size=2&page=${page}`)),
      );
      expect(pages.flat()).toEqual(await names(`ordering=${ordering}`));
      expect((await list(`ordering=${ordering}&page_size=2`)).count).toBe(6);
    }
  });

  it('refuses an ordering it does not know, in the error shape', async () => {
    const bad = await t.request(`${base}?ordering=amount`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ordering: [expect.any(String)] });
  });
});
