import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  sandboxChargesFor,
  transactionsPath,
} from './payments-test-setup';

// POS, card present: the payment waits on the merchant's card reader (the sandbox's simulated one) until a
// card is presented; the same request sent again then answers the outcome, and the card is charged once.
describe('card present through the sandbox reader', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;

  const take = (to: { customerId: string; accountId: string }, key: string, amount = '80.00') =>
    t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: staff,
      headers: { 'Idempotency-Key': key },
      json: { amount, method_kind: 'card_present' },
    });
  const present = (requestId: string, card: string) =>
    t.request(`/api/sandbox-processor/readers/${requestId}/present/`, { method: 'POST', json: { card } });

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  it('waits for the card, then is paid once with no fee; a second tap changes nothing', async () => {
    const to = await newPayableAccount(t, merchantId, 30_000);
    const waiting = await take(to, 'pos-1');
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({
      status: 'PENDING',
      payment: {
        method_kind: 'card_present',
        method_label: 'Card present',
        amount_cents: 8_000,
        fee_cents: 0,
      },
      reader: { simulated: true },
    });
    const requestId = waiting.body.reader.request_id as string;
    // Asking again before the tap: the same reader request, still waiting.
    const again = await take(to, 'pos-1');
    expect(again.body).toMatchObject({
      id: waiting.body.id,
      status: 'PENDING',
      reader: { request_id: requestId },
    });
    expect(await amountDueOf(t, to.accountId)).toBe(30_000);

    expect(await present(requestId, 'visa_credit')).toMatchObject({ status: 200, body: { presented: true } });
    const done = await take(to, 'pos-1');
    expect(done.body).toMatchObject({ id: waiting.body.id, status: 'PAID', reader: null });
    expect(await amountDueOf(t, to.accountId)).toBe(22_000);
    expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'payment', amountCents: 8_000 }]);

    expect(await present(requestId, 'visa_credit')).toMatchObject({
      status: 400,
      body: { non_field_errors: ['A card was already presented for this payment.'] },
    });
    expect(await sandboxChargesFor(t, waiting.body.id)).toHaveLength(1);
  });

  it('a declined card fails the payment with the decline reason and posts nothing', async () => {
    const to = await newPayableAccount(t, merchantId, 30_000);
    const waiting = await take(to, 'pos-2');
    await present(waiting.body.reader.request_id, 'insufficient_funds');
    expect((await take(to, 'pos-2')).body).toMatchObject({
      status: 'FAILED',
      payment: { failure_code: 'insufficient_funds', failure_message: 'Your card has insufficient funds.' },
    });
    expect(await ledgerOf(t, to.accountId)).toEqual([]);
  });

  it('refuses an unknown reader request, an unknown test card, and a reader that timed out', async () => {
    expect(await present('sbx_rdr_nonexistent', 'visa_credit')).toMatchObject({ status: 404 });
    const to = await newPayableAccount(t, merchantId, 30_000);
    const waiting = await take(to, 'pos-3');
    expect(await present(waiting.body.reader.request_id, 'amex_gold')).toMatchObject({ status: 400 });
    t.clock.advance(11 * 60);
    expect(await present(waiting.body.reader.request_id, 'visa_credit')).toMatchObject({
      status: 400,
      body: { non_field_errors: ['The reader timed out; take the payment again.'] },
    });
    expect(await sandboxChargesFor(t, waiting.body.id)).toEqual([]);
  });
});
