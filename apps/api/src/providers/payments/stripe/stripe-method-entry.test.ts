import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessorError, type PaymentProcessor, type ProcessorMethod } from '../payment-processor';
import { createStripeProcessor, parseMethodToken } from './stripe-processor';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

// Saving a card or bank account for later through a SetupIntent, with the real adapter and the official SDK
// against the stand-in over real HTTP; the stand-in's confirmSetupIntent plays the payer's browser (Stripe.js).
const secretKey = 'sk_test_stand_in_secret';
const merchant = 'acct_1PaylaneEntryMerchant';

let standIn: StripeStandIn;
let stripe: PaymentProcessor;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey });
  stripe = createStripeProcessor({ secretKey, apiUrl: standIn.url });
});
afterAll(() => standIn.close());

async function savedThroughSetupIntent(kind: 'card' | 'bank', testMethod: string) {
  const handle = await stripe.startMethodEntry({
    processorAccountId: merchant,
    kind,
    reference: `customer:${randomUUID()}`,
  });
  standIn.confirmSetupIntent(merchant, handle.entryId, testMethod);
  const method = await stripe.finishMethodEntry({ processorAccountId: merchant, entryId: handle.entryId });
  if (!method) throw new Error('the SetupIntent saved no method');
  return { handle, method };
}

const chargeOf = (method: ProcessorMethod, key = randomUUID()) =>
  stripe.charge({
    idempotencyKey: key,
    processorAccountId: merchant,
    methodToken: method.token,
    amountCents: 4_200,
    reference: `attempt-${key}`,
  });

async function refusal(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

describe('Stripe hosted entry (SetupIntents) against the stand-in', () => {
  it('opens a SetupIntent for a new Customer on the connected account, each create with its own key', async () => {
    const reference = `customer:${randomUUID()}`;
    const before = standIn.requests.length;
    const handle = await stripe.startMethodEntry({ processorAccountId: merchant, kind: 'card', reference });
    expect(handle).toEqual({
      entryId: expect.stringMatching(/^seti_/),
      url: null,
      clientSecret: expect.stringMatching(new RegExp(`^${handle.entryId}_secret_`)),
    });
    const [customer, setupIntent] = standIn.requests.slice(before);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      account: merchant,
      form: { metadata: { reference } },
    });
    expect(setupIntent).toMatchObject({
      method: 'POST',
      path: '/v1/setup_intents',
      account: merchant,
      form: {
        customer: expect.stringMatching(/^cus_/),
        usage: 'off_session',
        allowed_payment_method_types: { 0: 'card' },
        metadata: { reference },
      },
    });
    expect(customer!.idempotencyKey).toMatch(/^method-entry-.+-customer$/);
    expect(setupIntent!.idempotencyKey).toMatch(/^method-entry-.+-setup-intent$/);
    expect(customer!.idempotencyKey!.replace(/-customer$/, '')).toBe(
      setupIntent!.idempotencyKey!.replace(/-setup-intent$/, ''),
    );

    // Not confirmed yet: nothing saved. Unknown here, or under another account: nothing either.
    const finish = (entryId: string, processorAccountId = merchant) =>
      stripe.finishMethodEntry({ processorAccountId, entryId });
    expect(await finish(handle.entryId)).toBeNull();
    expect(await finish('seti_unknown')).toBeNull();
    standIn.confirmSetupIntent(merchant, handle.entryId, 'pm_card_visa');
    expect(await finish(handle.entryId, 'acct_1SomeoneElse')).toBeNull();
    const method = await finish(handle.entryId);
    expect(method).toEqual({
      kind: 'card',
      token: expect.stringMatching(/^cus_[0-9a-f]+\/pm_[0-9a-f]+$/),
      brand: 'visa',
      funding: 'credit',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(parseMethodToken(method!.token).customer).toBe(setupIntent!.form.customer);
    expect(await stripe.findMethod({ processorAccountId: merchant, token: method!.token })).toEqual(method);
  });

  it('charges a saved card naming its Customer; without the Customer Stripe refuses', async () => {
    const { method } = await savedThroughSetupIntent('card', 'pm_card_visa_debit');
    expect(method).toMatchObject({ funding: 'debit', last4: '5556' });
    const charge = await chargeOf(method);
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 4_200 });
    const { customer, paymentMethod } = parseMethodToken(method.token);
    expect(standIn.requests.at(-1)!.form).toMatchObject({ customer, payment_method: paymentMethod });
    expect(standIn.paymentIntentsOf(merchant).at(-1)).toMatchObject({
      id: charge.processorChargeId,
      customer,
    });

    const bare = await refusal(chargeOf({ ...method, token: paymentMethod }));
    expect(bare).toMatchObject({ code: 'parameter_missing', isAmbiguous: false });
  });

  it('a bank account carries its mandate: the debit names it and is processing', async () => {
    const { method } = await savedThroughSetupIntent('bank', 'pm_usBankAccount');
    expect(method).toEqual({
      kind: 'bank',
      token: expect.stringMatching(/^cus_[0-9a-f]+\/pm_[0-9a-f]+\/mandate_[0-9a-f]+$/),
      accountType: 'checking',
      last4: '6789',
      routingNumber: '110000000',
    });
    const { mandate, customer, paymentMethod } = parseMethodToken(method.token);
    const charge = await chargeOf(method);
    expect(charge).toMatchObject({ status: 'processing' });
    expect(standIn.paymentIntentsOf(merchant).at(-1)).toMatchObject({ customer, mandate });

    const noMandate = await refusal(chargeOf({ ...method, token: `${customer}/${paymentMethod}` }));
    expect(noMandate).toMatchObject({ code: 'parameter_missing', isAmbiguous: false });
    // A card cannot confirm a bank entry.
    const bankEntry = await stripe.startMethodEntry({
      processorAccountId: merchant,
      kind: 'bank',
      reference: 'r',
    });
    expect(() => standIn.confirmSetupIntent(merchant, bankEntry.entryId, 'pm_card_visa')).toThrow();
  });

  it('a detached method is forgotten: not found, and never charged again', async () => {
    const { method } = await savedThroughSetupIntent('card', 'pm_card_visa');
    await stripe.detachMethod({ processorAccountId: merchant, token: method.token });
    const detach = standIn.requests.at(-1)!;
    expect(detach).toMatchObject({
      method: 'POST',
      path: `/v1/payment_methods/${parseMethodToken(method.token).paymentMethod}/detach`,
      account: merchant,
    });
    expect(await stripe.findMethod({ processorAccountId: merchant, token: method.token })).toBeNull();
    expect(await refusal(chargeOf(method))).toMatchObject({ code: 'resource_missing', isAmbiguous: false });
    // Detaching again is refused by Stripe (not attached), not ambiguous; an unknown method is already gone.
    expect(
      await refusal(stripe.detachMethod({ processorAccountId: merchant, token: method.token })),
    ).toMatchObject({ isAmbiguous: false });
    await stripe.detachMethod({ processorAccountId: merchant, token: 'cus_x/pm_unknown' });
  });

  it('a replayed key answers the first Customer or SetupIntent; the key with other parameters or another endpoint is refused', async () => {
    const client = new Stripe(secretKey, {
      host: '127.0.0.1',
      port: new URL(standIn.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const options = { idempotencyKey: randomUUID(), stripeAccount: merchant };
    const first = await client.customers.create({ metadata: { reference: 'replayed' } }, options);
    const replay = await client.customers.create({ metadata: { reference: 'replayed' } }, options);
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');

    const other = await client.customers
      .create({ metadata: { reference: 'other' } }, options)
      .catch((e) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400 });
    const elsewhere = await client.setupIntents
      .create({ customer: first.id, allowed_payment_method_types: ['card'] }, options)
      .catch((e) => e);
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const intentOptions = { idempotencyKey: randomUUID(), stripeAccount: merchant };
    const params = {
      customer: first.id,
      usage: 'off_session' as const,
      allowed_payment_method_types: ['card'],
    };
    const intent = await client.setupIntents.create(params, intentOptions);
    expect((await client.setupIntents.create(params, intentOptions)).id).toBe(intent.id);
    const changed = await client.setupIntents
      .create({ ...params, allowed_payment_method_types: ['us_bank_account'] }, intentOptions)
      .catch((e) => e);
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // A refused create (an unknown Customer) is not saved under its key: the same key may then succeed.
    const retryOptions = { idempotencyKey: randomUUID(), stripeAccount: merchant };
    const unknown = await client.setupIntents
      .create({ customer: 'cus_missing', allowed_payment_method_types: ['card'] }, retryOptions)
      .catch((e) => e);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    const retried = await client.setupIntents.create(
      { customer: first.id, allowed_payment_method_types: ['card'] },
      retryOptions,
    );
    expect(retried.id).toMatch(/^seti_/);
  });
});
