import { and, eq, like } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { accounts, autopayRuns, customerEvents, customers, messages, payments } from '../../db/schema';
import type { TestApp } from '../../test/app';

// What the autopay tests arrange and read: the demo merchant's clock (America/Chicago), an account due on a given
// day with a phone (so texts are queued), enrolment through the API, and what the run left behind.

export type AccountRef = { customerId: string; accountId: string };

export const DEMO_ZONE = 'America/Chicago';

/** The demo merchant's calendar date `days` from the test clock's now. */
export function localDay(t: TestApp, days = 0): string {
  return DateTime.fromMillis(t.clock.now().getTime(), { zone: DEMO_ZONE })
    .plus({ days })
    .toFormat('yyyy-MM-dd');
}

let serial = 0;
/** A customer with a phone and an account with an amount due on `dueDate`. */
export async function newAutopayAccount(
  t: TestApp,
  merchantId: string,
  input: { amountDueCents?: number; dueDate?: string | null; externalId?: string } = {},
): Promise<AccountRef> {
  const { db } = t.database;
  serial += 1;
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName: 'Avery',
      lastName: `Autopay${serial}`,
      smsPhoneNumber: `+1773${String(Date.now() % 10_000).padStart(4, '0')}${String(serial).padStart(3, '0')}`,
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({
      merchantId,
      customerId: customer!.id,
      amountDueCents: input.amountDueCents ?? 45_000,
      dueDate: input.dueDate ?? null,
      externalId: input.externalId ?? `AP-${Date.now() % 100_000}-${serial}`,
    })
    .returning();
  return { customerId: customer!.id, accountId: account!.id };
}

export const autopayPath = (merchantId: string, to: AccountRef) =>
  `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}/autopay/`;

export function enrol(
  t: TestApp,
  as: { merchantId: string; token: string },
  to: AccountRef,
  body: Record<string, unknown>,
) {
  return t.request(autopayPath(as.merchantId, to), {
    method: 'POST',
    token: as.token,
    json: { authorization_accepted: true, due_day: 15, ...body },
  });
}

/** The autopay events of a customer's history, oldest first. */
export async function autopayEventsOf(t: TestApp, customerId: string) {
  return t.database.db
    .select({ kind: customerEvents.kind, details: customerEvents.details })
    .from(customerEvents)
    .where(and(eq(customerEvents.customerId, customerId), like(customerEvents.kind, 'autopay.%')))
    .orderBy(customerEvents.id);
}

/** The texts queued for a customer, by their idempotency key (e.g. autopay:{enrolment}:AUTOPAY_MERCHANT). */
export async function textKeysOf(t: TestApp, customerId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ key: messages.idempotencyKey })
    .from(messages)
    .where(eq(messages.customerId, customerId))
    .orderBy(messages.seq);
  return rows.map((row) => row.key ?? '');
}

export const autopayPaymentsOf = (t: TestApp, accountId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), like(payments.idempotencyKey, 'autopay:%')))
    .orderBy(payments.createdAt);

export const runsOf = (t: TestApp, accountId: string) =>
  t.database.db
    .select()
    .from(autopayRuns)
    .where(eq(autopayRuns.accountId, accountId))
    .orderBy(autopayRuns.attempt);
