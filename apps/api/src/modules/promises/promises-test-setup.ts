import { and, eq, like } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { accounts, customerEvents, customers, messages as messageRows } from '../../db/schema';
import type { TestApp } from '../../test/app';

// What the promise tests arrange and read: the merchant's clock (the demo merchant is on America/Chicago), a
// promise made through the API, and what it left behind (history events, queued texts).

export type AccountRef = { customerId: string; accountId: string };

export const DEMO_ZONE = 'America/Chicago';
const MINUTE_MS = 60_000;

/** The date and time on the merchant's clock `minutes` from the test clock's now. */
export function localIn(t: TestApp, minutes: number): { date: string; time: string } {
  const at = DateTime.fromMillis(t.clock.now().getTime() + minutes * MINUTE_MS, { zone: DEMO_ZONE });
  return { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') };
}

export const promisesPath = (merchantId: string, to: AccountRef) =>
  `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}/promises/`;

let keys = 0;
export const newPromiseKey = () => `promise-test-${++keys}`;

export function makePromise(
  t: TestApp,
  merchantId: string,
  to: AccountRef,
  body: Record<string, unknown>,
  options: { token: string; key?: string | null },
) {
  return t.request(promisesPath(merchantId, to), {
    method: 'POST',
    token: options.token,
    json: body,
    headers: options.key === null ? {} : { 'Idempotency-Key': options.key ?? newPromiseKey() },
  });
}

/** The promise events of a customer's history, oldest first. */
export async function promiseEventsOf(t: TestApp, customerId: string) {
  const rows = await t.database.db
    .select({ kind: customerEvents.kind, details: customerEvents.details })
    .from(customerEvents)
    .where(and(eq(customerEvents.customerId, customerId), like(customerEvents.kind, 'promise.%')))
    .orderBy(customerEvents.id);
  return rows;
}

/** The texts queued for a promise, by their idempotency key's type. */
export async function promiseTextsOf(t: TestApp, promiseId: string) {
  const rows = await t.database.db
    .select({ key: messageRows.idempotencyKey, body: messageRows.body })
    .from(messageRows)
    .where(like(messageRows.idempotencyKey, `promise:${promiseId}:%`));
  return rows.map((row) => row.key?.split(':')[2]).sort();
}

let phones = 0;
/** A customer with a phone (so texts are queued) and an account with an amount due. */
export async function newPromiseAccount(
  t: TestApp,
  merchantId: string,
  input: { amountDueCents?: number; firstName?: string; externalId?: string } = {},
): Promise<AccountRef> {
  const { db } = t.database;
  const suffix = String(Math.floor(Math.random() * 9000) + 1000 + ++phones).slice(-4);
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName: input.firstName ?? 'Pete',
      lastName: 'Promiser',
      smsPhoneNumber: `+1312${String(phones).padStart(3, '0')}${suffix}`,
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({
      merchantId,
      customerId: customer!.id,
      amountDueCents: input.amountDueCents ?? 50_000,
      externalId: input.externalId ?? null,
    })
    .returning();
  return { customerId: customer!.id, accountId: account!.id };
}
