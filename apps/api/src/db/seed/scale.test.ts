import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { accounts, customers, merchants } from '../schema';
import { createTestDatabase } from '../../test/database';
import { seedScale } from './scale';

describe('seedScale', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('spreads customers, each with an account, over the merchants', async () => {
    await seedScale(database.db, { merchants: 3, customers: 250, batchSize: 100 });
    const [customerTotal] = await database.db.select({ n: count() }).from(customers);
    const [accountTotal] = await database.db.select({ n: count() }).from(accounts);
    expect(customerTotal?.n).toBe(250);
    expect(accountTotal?.n).toBe(250);
    const [first] = await database.db.select().from(merchants).limit(1);
    const [perMerchant] = await database.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.merchantId, first!.id));
    expect(perMerchant?.n).toBeGreaterThanOrEqual(83);
  });
});
