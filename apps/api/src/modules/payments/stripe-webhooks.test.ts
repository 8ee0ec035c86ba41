import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAccounts, paymentMethods, payments, processorEvents } from '../../db/schema';
import {
  signedStripeDispute,
  signedStripeEvent,
} from '../../providers/payments/stripe/stripe-stand-in-events';
import {
  startStripeStandIn,
  type StandInPaymentIntent,
  type StripeStandIn,
} from '../../providers/payments/stripe/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  transactionsPath,
  type AccountRef,
} from './payments-test-setup';
import { STRIPE_WEBHOOK_PATH } from './processor-webhooks.routes';

const secretKey = 'sk_test_webhooks_stand_in';
const webhookSecret = 'whsec_test_webhooks_secret';
const account = 'acct_demo_motors';

// Stripe's events for a bank debit that settles days later: acted on only with a valid signature, once per
// event id, and never backwards when they arrive out of order (docs/reference/payments.md §3 webhooks).
describe('Stripe webhooks', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let merchantId: string;
  let to: AccountRef;
  let paymentId: string;

  const deliver = (body: string, signature: string) =>
    t.request(STRIPE_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
  const eventAbout = (id: string, type: string, eventAccount = account) => {
    const [intent] = standIn.paymentIntentsOf(account);
    return signedStripeEvent({
      id,
      type,
      intent: intent!,
      account: eventAccount,
      secret: webhookSecret,
      at: t.clock.now(),
    });
  };
  const statusOf = async () =>
    (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status;
  /** A payment on a new account with a saved Stripe method (pm_usBankAccount stays processing; a card pays). */
  const takeStripePayment = async (key: string, token: string, amount = '80.00') => {
    const owner = await newPayableAccount(t, merchantId, 30_000);
    const isBank = token === 'pm_usBankAccount';
    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({
        merchantId,
        customerId: owner.customerId,
        paymentType: isBank ? 'CHECKING' : 'CREDIT',
        nickname: isBank ? 'Checking' : 'Visa',
        processor: 'stripe',
        processorAccountId: account,
        processorToken: token,
      })
      .returning();
    const taken = await t.request(transactionsPath(merchantId, owner), {
      method: 'POST',
      token: await t.demoToken('staff'),
      headers: { 'Idempotency-Key': key },
      json: { amount, payment_method: method!.id },
    });
    const intent = standIn
      .paymentIntentsOf(account)
      .find((candidate) => candidate.metadata.reference === taken.body.id)!;
    return { owner, paymentId: taken.body.id as string, status: taken.body.status as string, intent };
  };
  const paymentRow = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  // Stripe's deliveries only: the demo's sandbox returns leave sandbox events of their own.
  const eventsSeen = async () =>
    (await t.database.db.select().from(processorEvents))
      .filter((event) => event.processor === 'stripe')
      .map((event) => event.eventId);

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey });
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_URL: standIn.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    });
    merchantId = await t.demoMerchantId();
    const { db } = t.database;
    await db
      .update(merchantAccounts)
      .set({ processor: 'stripe', processorAccountId: account })
      .where(eq(merchantAccounts.merchantId, merchantId));
    to = await newPayableAccount(t, merchantId, 40_000);
    const [method] = await db
      .insert(paymentMethods)
      .values({
        merchantId,
        customerId: to.customerId,
        paymentType: 'CHECKING',
        nickname: 'Checking',
        maskedAccountNumber: '********6789',
        processor: 'stripe',
        processorAccountId: account,
        processorToken: 'pm_usBankAccount',
      })
      .returning();
    const taken = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: await t.demoToken('staff'),
      headers: { 'Idempotency-Key': 'stripe-bank-debit' },
      json: { amount: '150.00', payment_method: method!.id },
    });
    expect(taken.body).toMatchObject({ status: 'PROCESSING', payment: { method_kind: 'bank' } });
    paymentId = taken.body.id;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('refuses a delivery whose signature does not match its body, and stores nothing', async () => {
    standIn.paymentIntentsOf(account)[0]!.status = 'succeeded';
    const genuine = eventAbout('evt_tampered', 'payment_intent.succeeded');
    const tampered = genuine.body.replace('"amount":15000', '"amount":1');
    expect(tampered).not.toBe(genuine.body);
    expect(await deliver(tampered, genuine.signature)).toMatchObject({
      status: 400,
      body: { detail: 'Invalid signature.' },
    });
    expect(await deliver(genuine.body, 't=1,v1=00')).toMatchObject({ status: 400 });
    expect(await statusOf()).toBe('processing');
    expect(await eventsSeen()).toEqual([]);
  });

  it('a settled debit is paid once; the same event again and a late "processing" change nothing', async () => {
    const settled = eventAbout('evt_settled', 'payment_intent.succeeded');
    expect(await deliver(settled.body, settled.signature)).toMatchObject({
      status: 200,
      body: { duplicate: false },
    });
    expect(await statusOf()).toBe('paid');
    expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'payment', amountCents: 15_000 }]);
    expect(await amountDueOf(t, to.accountId)).toBe(25_000);

    expect(await deliver(settled.body, settled.signature)).toMatchObject({
      status: 200,
      body: { duplicate: true },
    });
    standIn.paymentIntentsOf(account)[0]!.status = 'processing';
    const late = eventAbout('evt_late_processing', 'payment_intent.processing');
    expect((await deliver(late.body, late.signature)).status).toBe(200);
    expect(await statusOf()).toBe('paid');
    expect(await ledgerOf(t, to.accountId)).toHaveLength(1);
    expect(await eventsSeen()).toEqual(['evt_settled', 'evt_late_processing']);
  });

  it('an event from another connected account never touches the payment', async () => {
    standIn.paymentIntentsOf(account)[0]!.status = 'requires_payment_method';
    const foreign = eventAbout('evt_other_account', 'payment_intent.payment_failed', 'acct_someone_else');
    expect((await deliver(foreign.body, foreign.signature)).status).toBe(200);
    expect(await statusOf()).toBe('paid');
    const [seen] = await t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.eventId, 'evt_other_account'));
    expect(seen!.paymentId).toBeNull();
  });

  it('a bank debit that fails days later ends FAILED with the bank’s reason and posts nothing', async () => {
    const {
      owner: failing,
      paymentId: id,
      status,
      intent,
    } = await takeStripePayment('stripe-bank-debit-fails', 'pm_usBankAccount');
    expect(status).toBe('PROCESSING');
    intent.status = 'requires_payment_method';
    // What the bank's answer leaves on the PaymentIntent (only the fields Paylane reads matter here).
    const lastError = {
      type: 'invalid_request_error',
      code: 'insufficient_funds',
      message: 'Insufficient funds.',
    };
    intent.last_payment_error = lastError as StandInPaymentIntent['last_payment_error'];
    const failed = signedStripeEvent({
      id: 'evt_debit_failed',
      type: 'payment_intent.payment_failed',
      intent,
      account,
      secret: webhookSecret,
      at: t.clock.now(),
    });
    expect((await deliver(failed.body, failed.signature)).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
      paidAt: null,
    });
    expect(await ledgerOf(t, failing.accountId)).toEqual([]);
    expect(await amountDueOf(t, failing.accountId)).toBe(30_000);
  });

  it('a bank debit disputed after it succeeded is RETURNED: ledger reversed, return rules, failed action', async () => {
    const {
      owner,
      paymentId: id,
      intent,
    } = await takeStripePayment('stripe-debit-disputed', 'pm_usBankAccount');
    intent.status = 'succeeded';
    const settled = signedStripeEvent({
      id: 'evt_disputed_settled',
      type: 'payment_intent.succeeded',
      intent,
      account,
      secret: webhookSecret,
      at: t.clock.now(),
    });
    expect((await deliver(settled.body, settled.signature)).status).toBe(200);
    expect(await amountDueOf(t, owner.accountId)).toBe(22_000);

    const dispute = signedStripeDispute({
      id: 'evt_dispute_bank',
      intent,
      reason: 'bank_cannot_process',
      account,
      secret: webhookSecret,
      at: t.clock.now(),
    });
    expect(await deliver(dispute.body, dispute.signature)).toMatchObject({
      status: 200,
      body: { duplicate: false },
    });
    const staff = await t.demoToken('staff');
    const listed = await t.request(transactionsPath(merchantId, owner), { token: staff });
    expect(listed.body.results.find((row: { id: string }) => row.id === id)).toMatchObject({
      status: 'RETURNED',
    });
    expect(await paymentRow(id)).toMatchObject({ failureCode: 'R02' });
    const ledger = [
      { kind: 'payment', amountCents: 8_000 },
      { kind: 'return', amountCents: -8_000 },
    ];
    expect(await ledgerOf(t, owner.accountId)).toEqual(ledger);
    expect(await amountDueOf(t, owner.accountId)).toBe(30_000);
    const report = await t.request(`/api/merchants/${merchantId}/ach_return_report/?code=R02`, {
      token: await t.demoToken('admin'),
    });
    // The demo has sandbox returns of its own.
    const returnsOf = (body: { results: { transaction_id: string }[] }) =>
      body.results.filter((row) => row.transaction_id === id);
    expect(returnsOf(report.body)).toMatchObject([
      {
        transaction_id: id,
        code: 'R02',
        reason: 'Account closed (Stripe dispute: bank_cannot_process)',
        was_settled: true,
        action_taken: 'Method retired',
      },
    ]);
    const actions = await t.request(`/api/merchants/${merchantId}/failed-actions/`, { token: staff });
    expect(actions.body.results.filter((row: { payment_id: string }) => row.payment_id === id)).toMatchObject(
      [
        {
          kind: 'payment',
          customer: { id: owner.customerId },
          reason_code: 'R02',
          reason_message: 'R02 Account closed (Stripe dispute: bank_cannot_process)',
          is_retryable: true,
        },
      ],
    );

    // The same delivery again, and another event about the same dispute: nothing more.
    expect(await deliver(dispute.body, dispute.signature)).toMatchObject({ body: { duplicate: true } });
    const again = signedStripeDispute({
      id: 'evt_dispute_bank_again',
      intent,
      reason: 'bank_cannot_process',
      account,
      secret: webhookSecret,
      at: t.clock.now(),
    });
    expect((await deliver(again.body, again.signature)).status).toBe(200);
    expect(await ledgerOf(t, owner.accountId)).toEqual(ledger);
    const once = await t.request(`/api/merchants/${merchantId}/ach_return_report/?code=R02`, {
      token: await t.demoToken('admin'),
    });
    expect(returnsOf(once.body)).toHaveLength(1);
  });

  it('a dispute from another connected account, or about a card payment, changes nothing', async () => {
    const [intent] = standIn.paymentIntentsOf(account);
    const foreign = signedStripeDispute({
      id: 'evt_dispute_other_account',
      intent: intent!,
      reason: 'debit_not_authorized',
      account: 'acct_someone_else',
      secret: webhookSecret,
      at: t.clock.now(),
    });
    expect((await deliver(foreign.body, foreign.signature)).status).toBe(200);
    expect(await statusOf()).toBe('paid');
    expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'payment', amountCents: 15_000 }]);

    const card = await takeStripePayment('stripe-card-disputed', 'pm_card_visa');
    expect(card.status).toBe('PAID');
    const chargeback = signedStripeDispute({
      id: 'evt_dispute_card',
      intent: card.intent,
      reason: 'fraudulent',
      account,
      secret: webhookSecret,
      at: t.clock.now(),
    });
    expect((await deliver(chargeback.body, chargeback.signature)).status).toBe(200);
    expect((await paymentRow(card.paymentId)).status).toBe('paid');
    expect(await ledgerOf(t, card.owner.accountId)).toEqual([{ kind: 'payment', amountCents: 8_000 }]);
    expect(await eventsSeen()).toEqual(
      expect.arrayContaining(['evt_dispute_other_account', 'evt_dispute_card']),
    );
  });
});
