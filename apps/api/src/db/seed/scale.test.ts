import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { accounts, customerConversations, customers, merchants, messages } from '../schema';
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
});
