import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, merchantCustomerCounts } from '../../db/schema';
import { customerBody, setUpCustomersTest, type CustomersTestContext } from './customers-test-setup';

// The list's unfiltered count comes from merchant_customer_counts, kept by triggers: it must equal a real
// count after every kind of write (API create and void, multi-row inserts, upserts, deletes).
describe('the live customer count of a merchant', () => {
  let c: CustomersTestContext;
  beforeAll(async () => {
    c = await setUpCustomersTest();
  });
  afterAll(() => c.t.close());

  const realCount = async (merchantId: string) => {
    const [row] = await c.t.database.db
      .select({ n: count() })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), isNull(customers.voidedAt)));
    return row?.n ?? 0;
  };
  const keptCount = async (merchantId: string) => {
    const [row] = await c.t.database.db
      .select({ n: merchantCustomerCounts.liveCustomers })
      .from(merchantCustomerCounts)
      .where(eq(merchantCustomerCounts.merchantId, merchantId));
    return row?.n ?? 0;
  };
  const listCount = async () =>
    (await c.t.request(`${c.base}/customers/?page_size=1`, { token: c.admin })).body.count as number;

  it('starts at the demo’s customers and follows creates and voids through the API', async () => {
    expect(await keptCount(c.merchantId)).toBe(await realCount(c.merchantId));
    const before = await listCount();
    const created = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.north.id, { external_id: 'CNT-1', sms_phone_number: '(512) 555-0181' }),
    });
    expect(created.status).toBe(201);
    expect(await listCount()).toBe(before + 1);
    await c.t.request(`${c.base}/customers/${created.body.id}/`, { method: 'DELETE', token: c.admin });
    await c.t.request(`${c.base}/customers/${created.body.id}/`, { method: 'DELETE', token: c.admin });
    expect(await listCount()).toBe(before);
    expect(await keptCount(c.merchantId)).toBe(await realCount(c.merchantId));
  });

  it('follows multi-row inserts, upserts that update, other merchants and deletes', async () => {
    const { db } = c.t.database;
    const rows = (prefix: string, n: number, merchantId = c.merchantId) =>
      Array.from({ length: n }, (_, i) => ({
        merchantId,
        firstName: 'Bulk',
        lastName: `${prefix}${i}`,
        externalId: `${prefix}-${i}`,
      }));
    await db.insert(customers).values([...rows('B', 30), ...rows('R', 7, c.otherMerchantId)]);
    // An import-style upsert: 5 existing rows updated (one of them voided), 5 new rows inserted.
    await db
      .insert(customers)
      .values(
        [...rows('B', 5), ...rows('N', 5)].map((row, i) => ({
          ...row,
          voidedAt: i === 0 ? new Date() : null,
        })),
      )
      .onConflictDoUpdate({
        target: [customers.merchantId, customers.externalId],
        targetWhere: sql`${customers.externalId} is not null`,
        set: { voidedAt: sql`excluded.voided_at` },
      });
    await db.delete(customers).where(eq(customers.externalId, 'B-29'));
    for (const merchantId of [c.merchantId, c.otherMerchantId]) {
      expect(await keptCount(merchantId)).toBe(await realCount(merchantId));
    }
    expect(await keptCount(c.otherMerchantId)).toBe(7);
    expect(await listCount()).toBe(await realCount(c.merchantId));
  });
});
