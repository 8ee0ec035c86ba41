import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import { merchantAccounts, paymentMethods } from '../../db/schema';
import { startStripeStandIn, type StripeStandIn } from '../../providers/payments/stripe/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/app';
import { amountDueOf, newPayableAccount, type AccountRef } from './payments-test-setup';
import { reconcileOpenPayments } from './reconcile-payments.service';
import {
  newRefundKey,
  paymentRow,
  refundPayment,
  refundRowsOf,
  takePayment,
  type Refunds,
} from './refunds-test-setup';

const secretKey = 'sk_test_refunds_stand_in';
const account = 'acct_refund_motors';

// Refunds through Stripe's POST /v1/refunds, against the local stand-in over real HTTP: the refund row's id
// is the Idempotency-Key and the reference, a retried request refunds once, and an answer lost on its way
// back is looked up (GET /v1/refunds) before anything is sent again — never a blind re-POST.
describe('refunds through Stripe', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let r: Refunds;
  let admin: string;

  async function cardPayment(): Promise<{ to: AccountRef; id: string }> {
    const to = await newPayableAccount(t, r.merchantId, 40_000);
    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({
        merchantId: r.merchantId,
        customerId: to.customerId,
        paymentType: 'DEBIT',
        cardType: 'VISA',
        nickname: 'Visa Debit',
        maskedCardNumber: '************5556',
        processor: 'stripe',
        processorAccountId: account,
        processorToken: 'pm_card_visa_debit',
        funding: 'debit',
      })
      .returning();
    const paid = await takePayment(r, to, { amount: '120.00', payment_method: method!.id });
    expect(paid.status).toBe('PAID');
    return { to, id: paid.id };
  }
  const refundPosts = () =>
    standIn.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey });
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_URL: standIn.url,
    });
    admin = await t.demoToken('admin');
    r = { t, merchantId: await t.demoMerchantId(), token: () => admin };
    await t.database.db
      .update(merchantAccounts)
      .set({ processor: 'stripe', processorAccountId: account })
      .where(eq(merchantAccounts.merchantId, r.merchantId));
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('refunds part of a PaymentIntent under the refund row’s own key, and a retry refunds once', async () => {
    const { to, id } = await cardPayment();
    const key = newRefundKey();
    const body = { payment: id, total: '45.00', sources: [{ transaction: id, amount: '45.00' }] };
    const first = await refundPayment(r, body, { key });
    expect(first).toMatchObject({
      status: 201,
      body: { sources: [{ status: 'REFUND', amount_cents: 4_500 }] },
    });
    const [row] = await refundRowsOf(r, id);
    const intent = (await paymentRow(r, id)).processorChargeId;
    expect(standIn.refundsOf(account)).toMatchObject([
      { amount: 4_500, payment_intent: intent, metadata: { reference: row!.id } },
    ]);
    expect(refundPosts().at(-1)).toMatchObject({ account, idempotencyKey: row!.id });
    expect(row!.processorChargeId).toBe(standIn.refundsOf(account)[0]!.id);

    expect((await refundPayment(r, body, { key })).body).toEqual(first.body);
    expect(standIn.refundsOf(account)).toHaveLength(1);
    expect(await amountDueOf(t, to.accountId)).toBe(40_000 - 12_000 + 4_500);
  });

  it('an answer lost after Stripe refunded is looked up, not sent again, when the request is retried', async () => {
    const { id } = await cardPayment();
    const key = newRefundKey();
    const before = standIn.refundsOf(account).length;
    standIn.failNextCreateAfterCharging();
    const lost = await refundPayment(r, { transaction: id }, { action: 'refund_transaction', key });
    expect(lost).toMatchObject({ status: 201, body: { sources: [{ status: 'PENDING' }] } });
    expect((await paymentRow(r, id)).refundedCents).toBe(12_000);
    const posts = refundPosts().length;

    const retried = await refundPayment(r, { transaction: id }, { action: 'refund_transaction', key });
    expect(retried).toMatchObject({
      status: 201,
      body: { sources: [{ status: 'REFUND', amount_cents: 12_000 }] },
    });
    expect(refundPosts()).toHaveLength(posts);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/refunds' });
    expect(standIn.refundsOf(account)).toHaveLength(before + 1);
  });

  it('the reconciler settles a refund whose answer was lost, by looking it up, never by sending it', async () => {
    const { to, id } = await cardPayment();
    standIn.failNextCreateAfterCharging();
    const lost = await refundPayment(r, { transaction: id }, { action: 'refund_transaction' });
    expect(lost.body.sources).toMatchObject([{ status: 'PENDING' }]);
    const posts = refundPosts().length;
    t.clock.advance(120);
    const ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log, now: t.clock.now });
    await reconcileOpenPayments(ctx);
    const [row] = await refundRowsOf(r, id);
    expect(row).toMatchObject({ status: 'refunded', amountCents: 12_000 });
    expect(refundPosts()).toHaveLength(posts);
    expect(await amountDueOf(t, to.accountId)).toBe(40_000);
    admin = await t.demoToken('admin');
  });

  it('Stripe’s refusal (more than is left) fails the source and releases what it had reserved', async () => {
    const { id } = await cardPayment();
    const intent = (await paymentRow(r, id)).processorChargeId!;
    // Refunded at Stripe behind Paylane's back (in the Dashboard): Stripe has less left than our books.
    await fetch(`${standIn.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'stripe-account': account,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: intent, amount: '11000' }).toString(),
    });
    const answer = await refundPayment(r, { transaction: id }, { action: 'refund_transaction' });
    expect(answer.body.sources).toMatchObject([{ status: 'FAILED', failure_code: 'amount_too_large' }]);
    expect((await paymentRow(r, id)).refundedCents).toBe(0);
  });
});
