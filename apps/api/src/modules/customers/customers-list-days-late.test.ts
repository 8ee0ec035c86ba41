import { customerDaysPastDue } from '@paylane/shared/customer-due';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers, merchants } from '../../db/schema';
import { addDays, localDateAt } from '../../jobs/zoned-time';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';

type Row = {
  first_name: string;
  accounts: { status: string; amount_due_cents: number; due_date: string | null }[];
};
type Page = { count: number; results: Row[] };

/** Far from UTC, so the merchant's today is not the server's for half of every day. */
const ZONE = 'Pacific/Kiritimati';

// Days late (issue 20 item 4): the most days any active account with an amount due is past its due date on the
// merchant's calendar (@paylane/shared/past-due.ts), sorted on the server; customers not late last either way.
describe('customer list sorted by days late', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    today = localDateAt(ZONE, t.clock.now());
    const daysAgo = (days: number) => addDays(today, -days);
    const people: { first: string; last: string; accounts: [string, number, string | null][] }[] = [
      { first: 'Gus', last: 'Gray', accounts: [['active', 10_000, daysAgo(10)]] },
      {
        first: 'Hal',
        last: 'Hart',
        accounts: [
          ['active', 10_000, daysAgo(3)],
          ['active', 5_000, daysAgo(20)],
        ],
      },
      // Owes nothing, pending, due today, or due yesterday on the merchant's calendar.
      { first: 'Ivy', last: 'Ito', accounts: [['active', 0, daysAgo(30)]] },
      { first: 'Jo', last: 'Jay', accounts: [['pending', 5_000, daysAgo(40)]] },
      { first: 'Kim', last: 'Kerr', accounts: [['active', 5_000, today]] },
      { first: 'Lu', last: 'Lee', accounts: [] },
      { first: 'Mo', last: 'Moss', accounts: [['active', 1_000, daysAgo(1)]] },
    ];
    const [merchant] = await db.insert(merchants).values({ name: 'Late Motors', timeZone: ZONE }).returning();
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
    await addMember(db, { merchantId, email: 'staff@late-motors.test', roles: ['staff'] });
    token = (await t.signIn('staff@late-motors.test', MEMBER_PASSWORD)).access;
  });
  afterAll(() => t.close());

  const rows = async (query: string) => {
    const answer = await t.request(`${base}?${query}`, { token });
    if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as Page).results;
  };
  const names = async (query: string) => (await rows(query)).map((row) => row.first_name);

  // The whole list, a filtered one and a search each build their own statement (customers-list.repository.ts).
  it.each(['', 'opted_out=false&', 'search=a&field=name&'])(
    'most days late first, or fewest; not late last either way, by name (%s)',
    async (shape) => {
      const hits = await names(shape);
      const only = (order: string[]) => order.filter((name) => hits.includes(name));
      expect(await names(`${shape}ordering=-days_late`)).toEqual(
        only(['Hal', 'Gus', 'Mo', 'Ivy', 'Jo', 'Kim', 'Lu']),
      );
      expect(await names(`${shape}ordering=days_late`)).toEqual(
        only(['Mo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kim', 'Lu']),
      );
    },
  );

  it('orders by what each row shows: the shared rule on the merchant’s today', async () => {
    const shown = (await rows('ordering=-days_late')).map((row) => customerDaysPastDue(row.accounts, today));
    expect(shown).toEqual([20, 10, 1, 0, 0, 0, 0]);
  });

  it('pages through without repeating or skipping anyone', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => names(`ordering=-days_late&page_size=2&page=${page}`)),
    );
    expect(pages.flat()).toEqual(await names('ordering=-days_late'));
  });
});
