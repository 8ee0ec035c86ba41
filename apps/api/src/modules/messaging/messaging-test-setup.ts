import { eq, sql } from 'drizzle-orm';
import { accounts, customers, locations, merchants, messages } from '../../db/schema';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app';

export type MessagingTestContext = {
  t: TestApp;
  merchantId: string;
  base: string;
  admin: string;
  staff: string;
  locationId: string;
};

/**
 * The demo merchant with quiet hours off (a test about them turns them on), its logins, and the outbox
 * walking a step every 20 ms.
 */
export async function setUpMessagingTest(options: TestAppOptions = {}): Promise<MessagingTestContext> {
  const t = await createTestApp({ OUTBOX_SMS_STEP_MS: '20' }, options);
  const { db } = t.database;
  const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
  await setQuietHours(t, merchant!.id, '00:00', '00:00');
  const [location] = await db.select().from(locations).where(eq(locations.merchantId, merchant!.id)).limit(1);
  return {
    t,
    merchantId: merchant!.id,
    base: `/api/merchants/${merchant!.id}`,
    admin: await t.demoToken('admin'),
    staff: await t.demoToken('staff'),
    locationId: location!.id,
  };
}

export async function setQuietHours(t: TestApp, merchantId: string, start: string, end: string) {
  await t.database.db
    .update(merchants)
    .set({ quietHoursStart: start, quietHoursEnd: end })
    .where(eq(merchants.id, merchantId));
}

export type TestCustomer = { id: string; phone: string; firstName: string };

/**
 * `count` customers with phones +1<area>555xxxx, each holding one active account due 2026-07-01 of $1,234.56.
 * Written straight to the database: the tests are about messaging, not customer creation.
 */
export async function insertCustomers(
  t: TestApp,
  input: { merchantId: string; locationId: string; count: number; area: string; optedOut?: boolean },
): Promise<TestCustomer[]> {
  const { db } = t.database;
  const rows = Array.from({ length: input.count }, (_, i) => ({
    merchantId: input.merchantId,
    locationId: input.locationId,
    firstName: `Pat${i}`,
    lastName: `Area${input.area}`,
    smsPhoneNumber: `+1${input.area}${String(5_550_000 + i).padStart(7, '0')}`,
    smsOptedOutAt: input.optedOut ? new Date() : null,
  }));
  const created: TestCustomer[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    const inserted = await db
      .insert(customers)
      .values(chunk)
      .returning({ id: customers.id, phone: customers.smsPhoneNumber, firstName: customers.firstName });
    await db.insert(accounts).values(
      inserted.map((customer, i) => ({
        merchantId: input.merchantId,
        customerId: customer.id,
        externalId: `ACC-${input.area}-${start + i}`,
        amountDueCents: 123_456,
        dueDate: '2026-07-01',
        cadence: 'monthly' as const,
      })),
    );
    created.push(...inserted.map((row) => ({ id: row.id, phone: row.phone!, firstName: row.firstName })));
  }
  return created;
}

/** Messages of a batch by status. */
export async function statusCounts(t: TestApp, batchId: string): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ status: messages.status, total: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.batchId, batchId))
    .groupBy(messages.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.total]));
}
