import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers, merchantAccounts, paymentMethods } from '../../db/schema';
import { parseMethodToken } from '../../providers/payments/stripe/stripe-processor';
import { startStripeStandIn, type StripeStandIn } from '../../providers/payments/stripe/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/app';

// The same API with PAYMENT_PROVIDER=stripe against the stand-in: the entry is a SetupIntent (the browser
// confirms it with Stripe.js; here the stand-in does), the saved method charges through its Customer, and
// removing it detaches it, even when Stripe refuses the detach.
describe('adding a payment method through a Stripe SetupIntent', () => {
  const secretKey = 'sk_test_entry_api';
  let standIn: StripeStandIn;
  let t: TestApp;
  let merchantId: string;
  let staff: string;

  const base = (customerId: string) =>
    `/api/merchants/${merchantId}/customers/${customerId}/payment_methods/`;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey });
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_URL: standIn.url,
    });
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    // The demo's processing accounts are the sandbox's; this merchant processes with Stripe instead.
    await t.database.db
      .update(merchantAccounts)
      .set({ processor: 'stripe' })
      .where(eq(merchantAccounts.merchantId, merchantId));
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  async function newCustomer(lastName: string) {
    const [row] = await t.database.db
      .insert(customers)
      .values({ merchantId, firstName: 'Stella', lastName })
      .returning();
    return row!.id;
  }

  it('saves a card from a confirmed SetupIntent, charges it with its Customer, and detaches it on removal', async () => {
    const customerId = await newCustomer('Stripe');
    const opened = await t.request(`${base(customerId)}entry/`, {
      method: 'POST',
      token: staff,
      json: { kind: 'card' },
    });
    expect(opened).toMatchObject({
      status: 201,
      body: {
        entry_id: expect.stringMatching(/^seti_/),
        provider: 'stripe',
        url: null,
        client_secret: expect.stringMatching(/^seti_.+_secret_/),
      },
    });
    // No sandbox page exists with Stripe.
    expect((await t.request('/api/sandbox-processor/entry/sbx_entry_x/')).status).toBe(404);
    const save = () =>
      t.request(base(customerId), { method: 'POST', token: staff, json: { entry_id: opened.body.entry_id } });
    expect(await save()).toMatchObject({
      status: 400,
      body: { entry_id: ['The card or bank account has not been saved yet.'] },
    });

    standIn.confirmSetupIntent('', opened.body.entry_id, 'pm_card_visa');
    const added = await save();
    expect(added).toMatchObject({
      status: 201,
      body: { payment_type: 'CREDIT', card_type: 'VISA', masked_card_number: '************4242' },
    });
    expect((await save()).body).toEqual(added.body);
    const [row] = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, added.body.id));
    const saved = parseMethodToken(row!.processorToken!);
    expect(saved.customer).toMatch(/^cus_/);

    const [account] = await t.database.db
      .insert(accounts)
      .values({ merchantId, customerId, amountDueCents: 30_000 })
      .returning();
    const charge = await t.request(
      `/api/merchants/${merchantId}/customers/${customerId}/accounts/${account!.id}/transactions/`,
      {
        method: 'POST',
        token: staff,
        json: { amount: '100.00', payment_method: added.body.id },
        headers: { 'Idempotency-Key': `stripe-entry-${customerId}` },
      },
    );
    expect(charge).toMatchObject({ status: 201, body: { status: 'PAID' } });
    expect(standIn.paymentIntentsOf('').at(-1)).toMatchObject({
      customer: saved.customer,
      payment_method: saved.paymentMethod,
    });

    const removed = await t.request(`${base(customerId)}${added.body.id}/`, {
      method: 'DELETE',
      token: staff,
    });
    expect(removed.status).toBe(204);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_methods/${saved.paymentMethod}/detach`,
    });
  });

  it('a removal Stripe refuses to detach still takes the method out of use in Paylane', async () => {
    const customerId = await newCustomer('Refused');
    // A method not attached to a Customer: Stripe answers the detach with a 400.
    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({
        merchantId,
        customerId,
        paymentType: 'CREDIT',
        cardType: 'VISA',
        maskedCardNumber: '************4242',
        processor: 'stripe',
        processorAccountId: '',
        processorToken: 'pm_card_visa',
        funding: 'credit',
      })
      .returning();
    const removed = await t.request(`${base(customerId)}${method!.id}/`, { method: 'DELETE', token: staff });
    expect(removed.status).toBe(204);
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/v1/payment_methods/pm_card_visa/detach' });
    const [account] = await t.database.db
      .insert(accounts)
      .values({ merchantId, customerId, amountDueCents: 30_000 })
      .returning();
    const charge = await t.request(
      `/api/merchants/${merchantId}/customers/${customerId}/accounts/${account!.id}/transactions/`,
      { method: 'POST', token: staff, json: { amount: '10.00', payment_method: method!.id } },
    );
    expect(charge).toMatchObject({ status: 400, body: { payment_method: ['Not found.'] } });
  });

  it('refuses to open an entry while the merchant’s processing account is with another processor', async () => {
    await t.database.db
      .update(merchantAccounts)
      .set({ processor: 'sandbox' })
      .where(eq(merchantAccounts.merchantId, merchantId));
    const customerId = await newCustomer('Mismatch');
    const opened = await t.request(`${base(customerId)}entry/`, {
      method: 'POST',
      token: staff,
      json: { kind: 'card' },
    });
    expect(opened).toMatchObject({
      status: 400,
      body: {
        non_field_errors: [
          'The merchant’s processing account is with another payment processor; update it before adding methods.',
        ],
      },
    });
  });
});
