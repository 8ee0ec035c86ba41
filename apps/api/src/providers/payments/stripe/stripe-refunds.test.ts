import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessorError, type PaymentProcessor, type RefundRequest } from '../payment-processor';
import { createStripeProcessor } from './stripe-processor';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

// The adapter's refunds through the official SDK against the stand-in over real HTTP: POST /v1/refunds with
// our key, Stripe's idempotency (a replay answers the same refund, other parameters are refused), its limit
// (never more than is left) and the lookup by our reference.
const secretKey = 'sk_test_refunds_adapter';
const merchant = 'acct_1PaylaneRefunds';

let standIn: StripeStandIn;
let stripe: PaymentProcessor;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey });
  stripe = createStripeProcessor({ secretKey, apiUrl: standIn.url });
});
afterAll(() => standIn.close());

async function charged(amountCents = 10_000) {
  const charge = await stripe.charge({
    idempotencyKey: randomUUID(),
    processorAccountId: merchant,
    methodToken: 'pm_card_visa',
    amountCents,
    reference: randomUUID(),
  });
  expect(charge.status).toBe('succeeded');
  return charge.processorChargeId;
}
const refundOf = (processorChargeId: string, amountCents: number): RefundRequest => ({
  idempotencyKey: randomUUID(),
  processorAccountId: merchant,
  processorChargeId,
  amountCents,
  reference: randomUUID(),
});
async function refusal(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

describe('Stripe refunds against the stand-in', () => {
  it('refunds a PaymentIntent in part with our key and reference, and a replay answers the same refund', async () => {
    const intent = await charged();
    const request = refundOf(intent, 4_000);
    const refund = await stripe.refund(request);
    expect(refund).toEqual({
      processorRefundId: expect.stringMatching(/^re_/),
      reference: request.reference,
      amountCents: 4_000,
      status: 'succeeded',
      failureCode: null,
      failureMessage: null,
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      account: merchant,
      idempotencyKey: request.idempotencyKey,
      form: { payment_intent: intent, amount: '4000', metadata: { reference: request.reference } },
    });
    expect(await stripe.refund(request)).toEqual(refund);
    expect(standIn.refundsOf(merchant).filter((row) => row.payment_intent === intent)).toHaveLength(1);
    const reused = await refusal(stripe.refund({ ...request, amountCents: 4_100 }));
    expect(reused).toMatchObject({ code: 'idempotency_key_in_use', isAmbiguous: false });
  });

  it('refuses more than is left, not ambiguously, and finds a refund by our reference', async () => {
    const intent = await charged(5_000);
    const first = refundOf(intent, 3_000);
    await stripe.refund(first);
    const tooMuch = await refusal(stripe.refund(refundOf(intent, 2_001)));
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', isAmbiguous: false });
    expect(tooMuch.message).toMatch(/greater than unrefunded amount on charge \(\$20\.00\)/);
    const key = { processorAccountId: merchant, processorChargeId: intent };
    expect(await stripe.findRefund({ ...key, reference: first.reference })).toMatchObject({
      amountCents: 3_000,
    });
    expect(await stripe.findRefund({ ...key, reference: 'never-sent' })).toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/refunds' });
  });

  it('an answer lost after Stripe refunded is ambiguous; the lookup finds the one refund', async () => {
    const intent = await charged();
    const request = refundOf(intent, 1_500);
    standIn.failNextCreateAfterCharging();
    expect(await refusal(stripe.refund(request))).toMatchObject({ isAmbiguous: true });
    const found = await stripe.findRefund({
      processorAccountId: merchant,
      processorChargeId: intent,
      reference: request.reference,
    });
    expect(found).toMatchObject({ status: 'succeeded', amountCents: 1_500 });
    expect(await stripe.refund(request)).toEqual(found);
  });
});
