import { eq } from 'drizzle-orm';
import { accounts, customers, ledgerEntries, paymentMethods, sandboxProcessorCharges } from '../../db/schema';
import { saveSandboxBankAccount, saveSandboxCard } from '../../providers/payments/sandbox/sandbox-entry';
import { createTestApp, type TestApp, type TestResponse } from '../../test/app';

// What the payment tests arrange and read: an account with an amount due, a card saved at the sandbox (as the
// hosted entry would save it), the account's ledger and the sandbox's own record of charges.

export type AccountRef = { customerId: string; accountId: string };

export async function newPayableAccount(
  t: TestApp,
  merchantId: string,
  amountDueCents = 50_000,
): Promise<AccountRef> {
  const { db } = t.database;
  const [customer] = await db
    .insert(customers)
    .values({ merchantId, firstName: 'Paula', lastName: 'Payer' })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({ merchantId, customerId: customer!.id, amountDueCents })
    .returning();
  return { customerId: customer!.id, accountId: account!.id };
}

export async function saveTestCard(
  t: TestApp,
  to: { merchantId: string; customerId: string },
  number: string,
  paymentType: 'CREDIT' | 'DEBIT',
): Promise<string> {
  const method = await saveSandboxCard(t.database.db, {
    processorAccountId: '',
    entry: { card_number: number, exp_month: '12', exp_year: '2031', cvc: '123' },
    now: t.clock.now(),
  });
  if (method.kind !== 'card') throw new Error('expected a card');
  const [row] = await t.database.db
    .insert(paymentMethods)
    .values({
      merchantId: to.merchantId,
      customerId: to.customerId,
      paymentType,
      cardType: method.brand.toUpperCase(),
      nickname: '',
      maskedCardNumber: `************${method.last4}`,
      processor: 'sandbox',
      processorAccountId: '',
      processorToken: method.token,
      funding: method.funding,
    })
    .returning();
  return row!.id;
}

/** A checking account saved at the sandbox; its number picks the outcome (docs/reference/payments.md). */
export async function saveTestBankAccount(
  t: TestApp,
  to: { merchantId: string; customerId: string },
  accountNumber: string,
): Promise<string> {
  const method = await saveSandboxBankAccount(t.database.db, {
    processorAccountId: '',
    entry: { routing_number: '110000000', account_number: accountNumber, account_type: 'checking' },
    now: t.clock.now(),
  });
  const [row] = await t.database.db
    .insert(paymentMethods)
    .values({
      merchantId: to.merchantId,
      customerId: to.customerId,
      paymentType: 'CHECKING',
      nickname: 'Checking',
      maskedAccountNumber: `********${method.last4}`,
      processor: 'sandbox',
      processorAccountId: '',
      processorToken: method.token,
    })
    .returning();
  return row!.id;
}

export const transactionsPath = (merchantId: string, to: AccountRef) =>
  `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}/transactions/`;

let paymentKeys = 0;

/** Takes a payment on the account through the API as `token`, with an Idempotency-Key of its own. */
export function payOnAccount(
  t: TestApp,
  as: { merchantId: string; token: string },
  to: AccountRef,
  json: Record<string, unknown>,
): Promise<TestResponse> {
  return t.request(transactionsPath(as.merchantId, to), {
    method: 'POST',
    token: as.token,
    json,
    headers: { 'Idempotency-Key': `test-payment-${++paymentKeys}` },
  });
}

/** The app the payment tests start with: the demo merchant, an admin's and a staff member's tokens. */
export type PaymentTestApp = {
  t: TestApp;
  merchantId: string;
  admin: string;
  staff: string;
  /** Takes a payment on the account as staff and answers the transaction (whatever its outcome). */
  pay: (to: AccountRef, json: Record<string, unknown>) => Promise<TestResponse['body']>;
};

/** A test app on a fresh copy of the demo, signed in as the demo's admin and staff. */
export async function startPaymentTestApp(env: Record<string, string> = {}): Promise<PaymentTestApp> {
  const t = await createTestApp(env);
  const merchantId = await t.demoMerchantId();
  const admin = await t.demoToken('admin');
  const staff = await t.demoToken('staff');
  const pay = async (to: AccountRef, json: Record<string, unknown>) =>
    (await payOnAccount(t, { merchantId, token: staff }, to, json)).body;
  return { t, merchantId, admin, staff, pay };
}

export async function amountDueOf(t: TestApp, accountId: string): Promise<number> {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row!.amountDueCents;
}

export function ledgerOf(t: TestApp, accountId: string) {
  return t.database.db
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(ledgerEntries.id);
}

export function sandboxChargesFor(t: TestApp, paymentId: string) {
  return t.database.db
    .select()
    .from(sandboxProcessorCharges)
    .where(eq(sandboxProcessorCharges.reference, paymentId));
}
