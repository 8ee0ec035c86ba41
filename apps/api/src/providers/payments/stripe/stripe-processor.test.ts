import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { createPaymentProcessor } from '../create-payment-processor';
import { ProcessorError, type ChargeRequest, type PaymentProcessor } from '../payment-processor';
import { createStripeProcessor } from './stripe-processor';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

// The real adapter, through the official SDK, against the local stand-in over real HTTP: no mocks.
const secretKey = 'sk_test_stand_in_secret';
const merchant = 'acct_1PaylaneMerchantA';
const otherMerchant = 'acct_1PaylaneMerchantB';

let standIn: StripeStandIn;
let stripe: PaymentProcessor;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey });
  stripe = createStripeProcessor({ secretKey, apiUrl: standIn.url });
});
afterAll(() => standIn.close());

let attempts = 0;
const chargeRequest = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => {
  attempts += 1;
  return {
    idempotencyKey: randomUUID(),
    processorAccountId: merchant,
    methodToken: 'pm_card_visa',
    amountCents: 12_345,
    reference: `attempt-${attempts}`,
    ...overrides,
  };
};

const intentsWith = (account: string, reference: string) =>
  standIn.paymentIntentsOf(account).filter((intent) => intent.metadata.reference === reference);

async function processorError(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

describe('Stripe adapter against the stand-in', () => {
  it("charges a saved card: one PaymentIntent on the merchant's account, confirmed off-session, keyed and referenced", async () => {
    const request = chargeRequest();
    const charge = await stripe.charge(request);
    expect(charge).toEqual({
      processorChargeId: expect.stringMatching(/^pi_/),
      reference: request.reference,
      amountCents: 12_345,
      status: 'succeeded',
      failureCode: null,
      failureMessage: null,
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      account: merchant,
      idempotencyKey: request.idempotencyKey,
    });
    expect(sent.form).toEqual({
      amount: '12345',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      confirm: 'true',
      off_session: 'true',
      metadata: { reference: request.reference },
    });
    expect(intentsWith(merchant, request.reference)).toMatchObject([
      { id: charge.processorChargeId, amount_received: 12_345 },
    ]);
  });

  it('a bank debit is processing, as Stripe keeps it for days', async () => {
    const charge = await stripe.charge(chargeRequest({ methodToken: 'pm_usBankAccount' }));
    expect(charge).toMatchObject({ status: 'processing', failureCode: null });
  });

  it("a decline is a failed charge with Stripe's decline code and message, and nothing is charged", async () => {
    const request = chargeRequest({ methodToken: 'pm_card_chargeDeclined' });
    const declined = await stripe.charge(request);
    expect(declined).toEqual({
      processorChargeId: expect.stringMatching(/^pi_/),
      reference: request.reference,
      amountCents: 12_345,
      status: 'failed',
      failureCode: 'generic_decline',
      failureMessage: 'Your card was declined.',
    });
    expect(intentsWith(merchant, request.reference)).toMatchObject([
      { status: 'requires_payment_method', amount_received: 0 },
    ]);
    // The 402 is saved under the key like any answer: the same request again reads the same decline.
    expect(await stripe.charge(request)).toEqual(declined);
    const poor = await stripe.charge(
      chargeRequest({ methodToken: 'pm_card_chargeDeclinedInsufficientFunds' }),
    );
    expect(poor).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
    });
  });

  it('a replayed key answers the first PaymentIntent, and Stripe holds exactly one', async () => {
    const request = chargeRequest();
    const first = await stripe.charge(request);
    expect(await stripe.charge(request)).toEqual(first);
    expect(intentsWith(merchant, request.reference)).toHaveLength(1);
  });

  it('four requests at once with one key create one PaymentIntent; one still in flight is ambiguous', async () => {
    const request = chargeRequest();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => stripe.charge(request)));
    expect(intentsWith(merchant, request.reference)).toHaveLength(1);
    const [intent] = intentsWith(merchant, request.reference);
    for (const result of results) {
      if (result.status === 'fulfilled') expect(result.value.processorChargeId).toBe(intent!.id);
      else expect(result.reason).toMatchObject({ code: 'idempotency_key_in_flight', isAmbiguous: true });
    }
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    // Once the first has finished, the same key answers its charge.
    expect((await stripe.charge(request)).processorChargeId).toBe(intent!.id);
    expect(intentsWith(merchant, request.reference)).toHaveLength(1);
  });

  it('the same key with another amount is refused, not ambiguous, and charges nothing more', async () => {
    const request = chargeRequest();
    await stripe.charge(request);
    const error = await processorError(stripe.charge({ ...request, amountCents: 99_999 }));
    expect(error).toMatchObject({ code: 'idempotency_key_in_use', isAmbiguous: false });
    expect(error.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters/);
    expect(intentsWith(merchant, request.reference)).toMatchObject([{ amount: 12_345 }]);
  });

  it("a connected account's charge is kept on that account and invisible to another", async () => {
    const request = chargeRequest({ reference: "attempt-o'brien-\\1" });
    const charge = await stripe.charge(request);
    expect(await stripe.findCharge({ processorAccountId: merchant, reference: request.reference })).toEqual(
      charge,
    );
    expect(
      await stripe.findCharge({ processorAccountId: otherMerchant, reference: request.reference }),
    ).toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents/search',
      account: otherMerchant,
    });
    expect(standIn.paymentIntentsOf(otherMerchant)).toEqual([]);
    const sdk = new Stripe(secretKey, {
      host: '127.0.0.1',
      port: new URL(standIn.url).port,
      protocol: 'http',
    });
    const lookup = sdk.paymentIntents.retrieve(
      charge.processorChargeId,
      {},
      { stripeAccount: otherMerchant },
    );
    await expect(lookup).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    // The platform's own account sends no Stripe-Account header.
    const own = await stripe.charge(chargeRequest({ processorAccountId: '' }));
    expect(standIn.requests.at(-1)!.account).toBe('');
    expect(standIn.paymentIntentsOf('').map((intent) => intent.id)).toEqual([own.processorChargeId]);
  });

  it('an ambiguous 500 is reconciled: findCharge finds the one charge and a retry with the key replays it', async () => {
    const request = chargeRequest();
    standIn.failNextCreateAfterCharging();
    const error = await processorError(stripe.charge(request));
    expect(error).toMatchObject({ isAmbiguous: true });
    const found = await stripe.findCharge({ processorAccountId: merchant, reference: request.reference });
    expect(found).toMatchObject({ reference: request.reference, status: 'succeeded', amountCents: 12_345 });
    expect(await stripe.charge(request)).toEqual(found);
    expect(intentsWith(merchant, request.reference)).toHaveLength(1);
    expect(await stripe.findCharge({ processorAccountId: merchant, reference: 'never-sent' })).toBeNull();
  });

  it('findMethod maps card funding and a bank account, and answers null for an unknown id', async () => {
    const find = (token: string) => stripe.findMethod({ processorAccountId: merchant, token });
    expect(await find('pm_card_visa')).toEqual({
      kind: 'card',
      token: 'pm_card_visa',
      brand: 'visa',
      funding: 'credit',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(await find('pm_card_visa_debit')).toMatchObject({ kind: 'card', funding: 'debit', last4: '5556' });
    expect(await find('pm_usBankAccount')).toEqual({
      kind: 'bank',
      token: 'pm_usBankAccount',
      accountType: 'checking',
      last4: '6789',
      routingNumber: '110000000',
    });
    expect(await find('pm_unknown')).toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/payment_methods/pm_unknown',
      account: merchant,
    });
  });

  it('looks up the brand by BIN; funding is unknown until the saved method says', async () => {
    expect(await stripe.lookupBin('42424242')).toEqual({ bin: '424242', brand: 'visa', funding: 'unknown' });
    expect(await stripe.lookupBin('555555')).toEqual({
      bin: '555555',
      brand: 'mastercard',
      funding: 'unknown',
    });
  });

  it('a wrong secret key is refused and not ambiguous; an unreachable Stripe is ambiguous', async () => {
    const wrong = createStripeProcessor({ secretKey: 'sk_test_wrong', apiUrl: standIn.url });
    const request = chargeRequest();
    expect(await processorError(wrong.charge(request))).toMatchObject({
      code: 'authentication_error',
      isAmbiguous: false,
    });
    expect(intentsWith(merchant, request.reference)).toEqual([]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = createStripeProcessor({ secretKey, apiUrl: `http://127.0.0.1:${port}` });
    expect(await processorError(gone.charge(chargeRequest()))).toMatchObject({
      code: 'network',
      isAmbiguous: true,
    });
  });
});

describe('configuration', () => {
  const secret = 'x'.repeat(40);
  it('PAYMENT_PROVIDER=stripe without STRIPE_SECRET_KEY refuses to start; with it, the factory builds the adapter', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe/,
    );
    const config = loadConfig({
      JWT_SECRET: secret,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
    });
    expect(config.payments.stripe).toEqual({ secretKey, apiUrl: 'https://api.stripe.com' });
    // The Stripe adapter keeps no books of its own: it never touches the database.
    const processor = createPaymentProcessor(config, null as unknown as Db, () => new Date());
    expect(processor.name).toBe('stripe');
  });
});
