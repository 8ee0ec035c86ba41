import { and, eq, like } from 'drizzle-orm';
import { createAppContext, type AppContext } from '../../context';
import {
  accounts,
  customers,
  customerEvents,
  messages as messageRows,
  paymentMethods,
  paymentReturns,
  payments,
} from '../../db/schema';
import {
  collectSandboxEvents,
  deliverSandboxEvents,
  type SandboxWebhookDisorder,
} from '../../providers/payments/sandbox/sandbox-webhooks';
import { saveSandboxBankAccount } from '../../providers/payments/sandbox/sandbox-entry';
import { createTestApp, type TestApp } from '../../test/app';

// What the bank-return tests arrange and read: a customer with a phone and a bank account at the sandbox, a
// bank payment taken through the API, the sandbox's webhooks delivered on a hand-moved clock, and what a
// return left behind (the payment, its return row, the method, history and texts).

export const SETTLE_SECONDS = 60;
const SANDBOX_WEBHOOK_PATH = '/api/webhooks/sandbox/';

export type AccountRef = { customerId: string; accountId: string };

let phones = 0;

/** A customer with a phone (so texts are queued), an account with an amount due, and a checking account. */
async function newBankCustomer(
  t: TestApp,
  merchantId: string,
  accountNumber: string,
  amountDueCents: number,
) {
  const { db } = t.database;
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName: 'Rita',
      lastName: 'Returns',
      smsPhoneNumber: `+1773555${String(1000 + ++phones).slice(-4)}`,
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({ merchantId, customerId: customer!.id, amountDueCents })
    .returning();
  const methodId = await addBankMethod(t, { merchantId, customerId: customer!.id }, accountNumber);
  return { to: { customerId: customer!.id, accountId: account!.id }, methodId };
}

/** A checking account saved at the sandbox for the customer (a method the customer added). */
async function addBankMethod(
  t: TestApp,
  owner: { merchantId: string; customerId: string },
  accountNumber: string,
) {
  const method = await saveSandboxBankAccount(t.database.db, {
    processorAccountId: '',
    entry: { routing_number: '110000000', account_number: accountNumber, account_type: 'checking' },
    now: t.clock.now(),
  });
  const [row] = await t.database.db
    .insert(paymentMethods)
    .values({
      ...owner,
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

const transactionsPath = (merchantId: string, to: AccountRef) =>
  `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}/transactions/`;

export type ReturnsTestApp = Awaited<ReturnType<typeof startReturnsTestApp>>;

export async function startReturnsTestApp() {
  const t: TestApp = await createTestApp({ SANDBOX_BANK_SETTLE_MS: String(SETTLE_SECONDS * 1000) });
  const merchantId = await t.demoMerchantId();
  const ctx: AppContext = createAppContext({
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    now: t.clock.now,
  });
  let keys = 0;
  const webhookUrl = () => {
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('test app is not listening');
    return `http://127.0.0.1:${address.port}${SANDBOX_WEBHOOK_PATH}`;
  };
  /** The sandbox's webhook run: announce what changed, deliver what is due. */
  const announce = async (disorder: SandboxWebhookDisorder = 'none') => {
    await collectSandboxEvents(t.database.db, t.clock.now());
    return deliverSandboxEvents({
      db: t.database.db,
      now: t.clock.now(),
      url: webhookUrl(),
      secret: t.config.payments.sandbox.webhookSecret,
      disorder,
    });
  };
  const newBankAccount = (accountNumber: string, amountDueCents = 50_000) =>
    newBankCustomer(t, merchantId, accountNumber, amountDueCents);
  const addMethod = (customerId: string, accountNumber: string) =>
    addBankMethod(t, { merchantId, customerId }, accountNumber);
  const pay = async (to: AccountRef, methodId: string, amount = '100.00') =>
    t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: await t.demoToken('staff'),
      headers: { 'Idempotency-Key': `bank-return-${++keys}` },
      json: { amount, payment_method: methodId },
    });
  const paymentOf = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const returnsOfAccount = async (to: AccountRef) =>
    t.request(
      `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}/bank_returns/`,
      { token: await t.demoToken('staff') },
    );
  const returnRowOf = async (paymentId: string) =>
    (await t.database.db.select().from(paymentReturns).where(eq(paymentReturns.paymentId, paymentId)))[0];
  const methodOf = async (id: string) =>
    (await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]!;
  const accountOf = async (id: string) =>
    (await t.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
  const representedPayments = (originalId: string) =>
    t.database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.merchantId, merchantId), like(payments.idempotencyKey, `represent:${originalId}:%`)),
      )
      .orderBy(payments.idempotencyKey);
  const eventKindsOf = async (customerId: string) =>
    (
      await t.database.db
        .select({ kind: customerEvents.kind, details: customerEvents.details })
        .from(customerEvents)
        .where(eq(customerEvents.customerId, customerId))
        .orderBy(customerEvents.id)
    ).map((row) => row.kind);
  const textKeysOf = async (paymentId: string) =>
    (
      await t.database.db
        .select({ key: messageRows.idempotencyKey })
        .from(messageRows)
        .where(like(messageRows.idempotencyKey, `payment:${paymentId}:%`))
    )
      .map((row) => row.key?.split(':')[2])
      .sort();
  const collect = () => collectSandboxEvents(t.database.db, t.clock.now());
  return {
    t,
    merchantId,
    ctx,
    announce,
    collect,
    webhookUrl,
    newBankAccount,
    addMethod,
    pay,
    paymentOf,
    returnsOfAccount,
    returnRowOf,
    methodOf,
    accountOf,
    representedPayments,
    eventKindsOf,
    textKeysOf,
  };
}
