import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import {
  accounts,
  customerConversations,
  customers,
  ledgerEntries,
  merchants,
  messages,
  payments,
} from '../schema';
import { createTestDatabase } from '../../test/database';
import { toE164Phone } from '@paylane/shared/validation';
import { seedScale } from './scale';

describe('seedScale', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('spreads customers, each with an account and every tenth with two, over the merchants', async () => {
    await seedScale(database.db, { merchants: 3, customers: 250, batchSize: 100 });
    const [customerTotal] = await database.db.select({ n: count() }).from(customers);
    const [accountTotal] = await database.db.select({ n: count() }).from(accounts);
    expect(customerTotal?.n).toBe(250);
    expect(accountTotal?.n).toBe(275);
    const phones = await database.db.select({ phone: customers.smsPhoneNumber }).from(customers);
    const valid = phones.filter(({ phone }) => phone && toE164Phone(phone) === phone);
    expect(valid).toHaveLength(250);
    expect(new Set(phones.map(({ phone }) => phone)).size).toBe(250);
    // A second run on the same database adds to it without colliding on phones or external ids.
    await seedScale(database.db, { merchants: 1, customers: 50, batchSize: 50 });
    const [afterRerun] = await database.db.select({ n: count() }).from(customers);
    expect(afterRerun?.n).toBe(300);
    const [first] = await database.db.select().from(merchants).limit(1);
    const [perMerchant] = await database.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.merchantId, first!.id));
    expect(perMerchant?.n).toBeGreaterThanOrEqual(83);
  });

  it('writes a text history per customer, and the conversations follow it', async () => {
    const [before] = await database.db.select({ n: count() }).from(messages);
    await seedScale(database.db, { merchants: 1, customers: 40, batchSize: 20, messagesPerCustomer: 4 });
    const [after] = await database.db.select({ n: count() }).from(messages);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(160);
    const inbound = await database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.direction, 'inbound'));
    expect(inbound[0]?.n).toBe(80);
    const [conversations] = await database.db.select({ n: count() }).from(customerConversations);
    expect(conversations?.n).toBe(40);
  });

  it('writes exactly the transactions asked for over the new accounts, posted through the ledger triggers', async () => {
    const [before] = await database.db.select({ n: count() }).from(payments);
    await seedScale(database.db, { merchants: 2, customers: 30, batchSize: 7, transactions: 500 });
    const [after] = await database.db.select({ n: count() }).from(payments);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(500);
    // Spread over every new account (30 customers, 3 with a second account): 500 / 33 is 15 or 16 each.
    const perAccount = await database.db.select({ n: count() }).from(payments).groupBy(payments.accountId);
    expect(perAccount).toHaveLength(33);
    expect(new Set(perAccount.map((row) => row.n))).toEqual(new Set([15, 16]));
    const statuses = await database.db
      .selectDistinct({ status: payments.status })
      .from(payments)
      .orderBy(payments.status);
    expect(statuses.map((row) => row.status)).toEqual(['failed', 'paid', 'returned']);
    // Every paid or returned payment has its principal, returned ones their return, failed ones nothing.
    const {
      rows: [ledger],
    } = await database.db.execute<{ missing: number; stray: number }>(sql`
      select
        (select count(*)::int from payments p where p.status in ('paid', 'returned') and not exists
          (select 1 from ledger_entries e where e.payment_id = p.id and e.kind = 'payment')) as missing,
        (select count(*)::int from ledger_entries e join payments p on p.id = e.payment_id
          where p.status = 'failed' or (e.kind = 'return' and p.status <> 'returned')) as stray`);
    expect(ledger).toEqual({ missing: 0, stray: 0 });
    // The amount-due trigger ran: each account's amount due plus the principal its ledger holds is what the
    // seed gave it (10,000 + (m·7919 mod 90,000) cents for its m = 2n + i, external id A-n-i-…), never below 0.
    const {
      rows: [drift],
    } = await database.db.execute<{ wrong: number; negative: number; posted: number }>(sql`
      select count(*) filter (where a.amount_due_cents + coalesce(e.cents, 0) <> 10000 +
          ((split_part(a.external_id, '-', 2)::int * 2 + split_part(a.external_id, '-', 3)::int) * 7919) % 90000
        )::int as wrong,
        count(*) filter (where a.amount_due_cents < 0)::int as negative,
        count(e.cents)::int as posted
      from accounts a
      left join (select account_id, sum(amount_cents) as cents from ${ledgerEntries}
        where kind in ('payment', 'return') group by account_id) e on e.account_id = a.id`);
    expect(drift).toEqual({ wrong: 0, negative: 0, posted: 33 });
  });
});
