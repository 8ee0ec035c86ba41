import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { amountDueOf, sandboxChargesFor } from '../payments/payments-test-setup';
import { accountPath, linksOf, newPayer, systemTextsTo, tokenOf } from './pay-links-test-setup';

// Paying through a pay link end to end over HTTP (issue 16 item 6): verify, enter a card in the sandbox's hosted
// page, pay. A paid payment spends the link and drops the amount due; a decline leaves it open with the reason;
// the same request again charges once.
describe('paying through a pay link', () => {
  let t: TestApp;
  let merchantId: string;
  let keys = 0;

  async function openLink(amountDueCents = 50_000) {
    const to = await newPayer(t, merchantId, amountDueCents);
    const created = await t.request(`${accountPath(merchantId, to)}/create_payment_link/`, {
      method: 'POST',
      token: await t.demoToken('staff'),
      json: {},
    });
    const token = tokenOf(created.body.payment_link);
    const verified = await t.request(`/api/pay/${token}/verify/`, {
      method: 'POST',
      json: { last_name: "O'Payer", date_of_birth: '1990-04-12' },
    });
    expect(verified.status).toBe(200);
    return { to, token, session: verified.body.session as string };
  }

  /** Opens the hosted entry and types the card into the sandbox's page, as the payer's browser does. */
  async function enterCard(link: { token: string; session: string }, cardNumber: string) {
    const opened = await t.request(`/api/pay/${link.token}/entry/`, {
      method: 'POST',
      json: { kind: 'card' },
      headers: { 'X-Pay-Session': link.session },
    });
    expect(opened.status).toBe(201);
    const fields = { card_number: cardNumber, exp_month: '12', exp_year: '2031', cvc: '123' };
    const saved = await t.request(opened.body.url, { method: 'POST', body: new URLSearchParams(fields) });
    expect(saved.status).toBe(200);
    return opened.body.entry_id as string;
  }

  const pay = (
    link: { token: string; session: string },
    json: { amount: string; entry_id: string },
    key = `pay-${++keys}`,
  ) =>
    t.request(`/api/pay/${link.token}/pay/`, {
      method: 'POST',
      json,
      headers: { 'X-Pay-Session': link.session, 'Idempotency-Key': key },
    });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_IP: '500' });
    merchantId = await t.demoMerchantId();
  });
  afterAll(() => t.close());

  it('pays with a test card: the fee line, the amount due drops, the link is spent, THANKS once', async () => {
    const link = await openLink(50_000);
    const entryId = await enterCard(link, '4242424242424242');
    const receipt = await pay(link, { amount: '100.00', entry_id: entryId }, 'the-pay-key');
    expect(receipt.status).toBe(201);
    expect(receipt.body).toMatchObject({
      merchant_name: 'Demo Motors',
      customer_name: "Paula O'Payer",
      transaction: {
        status: 'PAID',
        payment: { amount_cents: 10_000, fee_cents: 295, total_amount_cents: 10_295, method_kind: 'card' },
      },
    });
    expect(await amountDueOf(t, link.to.accountId)).toBe(40_000);
    expect((await t.request(`/api/pay/${link.token}/`)).body.status).toBe('paid');
    const [spent] = await linksOf(t, link.to.accountId);
    expect(spent!.paymentId).toBe(receipt.body.transaction.id);

    // The same request again answers the same payment; the processor was asked once.
    const replay = await pay(link, { amount: '100.00', entry_id: entryId }, 'the-pay-key');
    expect(replay.body).toEqual(receipt.body);
    expect(await sandboxChargesFor(t, receipt.body.transaction.id)).toHaveLength(1);
    const another = await pay(link, { amount: '100.00', entry_id: entryId });
    expect(another).toMatchObject({
      status: 400,
      body: { detail: 'This payment link has already been used.' },
    });
    const made = await t.database.db.select().from(payments).where(eq(payments.accountId, link.to.accountId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ channel: 'pay_link', createdByUserId: null, status: 'paid' });
    expect(await systemTextsTo(t, link.to.customerId, 'THANKS')).toHaveLength(1);
  });

  it('a decline shows its reason and leaves the link open for another card; PAYMENT_FAILED once', async () => {
    const link = await openLink(30_000);
    const declinedEntry = await enterCard(link, '4000000000000002');
    const declined = await pay(link, { amount: '50.00', entry_id: declinedEntry });
    expect(declined.body.transaction).toMatchObject({
      status: 'FAILED',
      payment: { failure_code: 'card_declined', failure_message: expect.any(String) },
    });
    expect((await t.request(`/api/pay/${link.token}/`)).body.status).toBe('open');
    expect(await amountDueOf(t, link.to.accountId)).toBe(30_000);
    expect(await systemTextsTo(t, link.to.customerId, 'PAYMENT_FAILED')).toHaveLength(1);

    const goodEntry = await enterCard(link, '4000056655665556');
    const paid = await pay(link, { amount: '50.00', entry_id: goodEntry });
    // A debit card carries no fee.
    expect(paid.body.transaction).toMatchObject({ status: 'PAID', payment: { fee_cents: 0 } });
    expect(await amountDueOf(t, link.to.accountId)).toBe(25_000);
    expect(await systemTextsTo(t, link.to.customerId, 'PAYMENT_FAILED')).toHaveLength(1);
    expect(await systemTextsTo(t, link.to.customerId, 'THANKS')).toHaveLength(1);
  });

  it('refuses more than the amount due, less than $1.00, and an entry opened for another link', async () => {
    const link = await openLink(2_000);
    const entryId = await enterCard(link, '4242424242424242');
    const tooMuch = await pay(link, { amount: '20.01', entry_id: entryId });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { amount: ['Requested payment amount is greater than the maximum allowed'] },
    });
    const tooLittle = await pay(link, { amount: '0.99', entry_id: entryId });
    expect(tooLittle).toMatchObject({ status: 400, body: { amount: ['Payment must be larger than $1.00'] } });
    const other = await openLink(2_000);
    const foreign = await pay(other, { amount: '10.00', entry_id: entryId });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toHaveProperty('entry_id');
    expect((await pay(link, { amount: '20.00', entry_id: entryId })).body.transaction.status).toBe('PAID');
  });

  it('two payments at once through one link (two tabs, two keys): one is charged', async () => {
    const link = await openLink(10_000);
    const entryId = await enterCard(link, '4242424242424242');
    const answers = await Promise.all([
      pay(link, { amount: '100.00', entry_id: entryId }),
      pay(link, { amount: '100.00', entry_id: entryId }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const made = await t.database.db.select().from(payments).where(eq(payments.accountId, link.to.accountId));
    expect(made).toHaveLength(1);
    expect(await amountDueOf(t, link.to.accountId)).toBe(0);
  });
});
