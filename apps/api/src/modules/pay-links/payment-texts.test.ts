import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, messages } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/app';
import { saveTestCard, transactionsPath } from '../payments/payments-test-setup';
import { accountPath, linksOf, newPayer, systemTextsTo, tokenOf } from './pay-links-test-setup';

const publicUrl = 'https://pay.paylane.test';
const linkPattern = new RegExp(`${publicUrl}/pay/([A-Za-z0-9_-]{43})`);

// The texts around a payment (issue 16 items 4 and 6): THANKS once a payment is paid and PAYMENT_FAILED once it
// fails, once per payment whatever repeats; a requested payment texts a fresh link with PAYMENTREQUEST; and
// {{payment_link}} in a chat text becomes a link of its own.
describe('payment texts and texted links', () => {
  let t: TestApp;
  let merchantId: string;
  let admin: string;

  const takePayment = (to: { customerId: string; accountId: string }, json: unknown, key: string) =>
    t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: admin,
      json,
      headers: { 'Idempotency-Key': key },
    });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: publicUrl });
    merchantId = await t.demoMerchantId();
    admin = await t.demoToken('admin');
  });
  afterAll(() => t.close());

  it('texts THANKS once after a paid payment, however often the request is repeated', async () => {
    const to = await newPayer(t, merchantId);
    const body = { amount: '40.00', method_kind: 'cash' };
    expect((await takePayment(to, body, 'thanks-1')).body.status).toBe('PAID');
    expect((await takePayment(to, body, 'thanks-1')).body.status).toBe('PAID');
    const thanks = await systemTextsTo(t, to.customerId, 'THANKS');
    expect(thanks).toEqual([
      {
        kind: 'system',
        status: 'pending',
        body: expect.stringMatching(/^Hi Paula, we received your payment for account PL-\d+\. Thank you!$/),
      },
    ]);
    expect(await systemTextsTo(t, to.customerId, 'PAYMENT_FAILED')).toEqual([]);
  });

  it('texts PAYMENT_FAILED once after a decline, with a fresh link to pay again', async () => {
    const to = await newPayer(t, merchantId);
    const card = await saveTestCard(t, { merchantId, ...to }, '4000000000000002', 'CREDIT');
    const body = { amount: '25.00', payment_method: card };
    const declined = await takePayment(to, body, 'failed-1');
    expect(declined.body).toMatchObject({ status: 'FAILED', payment: { failure_code: 'card_declined' } });
    await takePayment(to, body, 'failed-1');
    const failed = await systemTextsTo(t, to.customerId, 'PAYMENT_FAILED');
    expect(failed).toHaveLength(1);
    const token = linkPattern.exec(failed[0]!.body)?.[1];
    expect(token).toBeDefined();
    const [link] = await linksOf(t, to.accountId);
    expect(link!.tokenHash).toBe(hashSecret(token!));
    expect((await t.request(`/api/pay/${token}/`)).body.status).toBe('open');
    expect(await systemTextsTo(t, to.customerId, 'THANKS')).toEqual([]);
  });

  it('requested_payment texts the PAYMENTREQUEST template with a new link; a retry texts nothing more', async () => {
    const to = await newPayer(t, merchantId, 7_500);
    const request = () =>
      t.request(`${accountPath(merchantId, to)}/requested_payment/`, {
        method: 'POST',
        token: admin,
        json: {},
        headers: { 'Idempotency-Key': 'request-1' },
      });
    const first = await request();
    expect(first.status).toBe(201);
    expect(first.body.payment_link).toMatch(linkPattern);
    const texts = await systemTextsTo(t, to.customerId, 'PAYMENTREQUEST');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('request to pay $75.00');
    expect(texts[0]!.body).toContain(first.body.payment_link);
    const again = await request();
    expect(again.body).toEqual(first.body);
    expect(await systemTextsTo(t, to.customerId, 'PAYMENTREQUEST')).toHaveLength(1);
    expect(await linksOf(t, to.accountId)).toHaveLength(1);
  });

  it('requested_payment refuses a customer who opted out of texts', async () => {
    const to = await newPayer(t, merchantId);
    await t.database.db
      .update(customers)
      .set({ smsOptedOutAt: t.clock.now() })
      .where(eq(customers.id, to.customerId));
    const answer = await t.request(`${accountPath(merchantId, to)}/requested_payment/`, {
      method: 'POST',
      token: admin,
      json: {},
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { non_field_errors: ['The customer has opted out of email or text messages'] },
    });
    expect(await linksOf(t, to.accountId)).toEqual([]);
  });

  it('turns {{payment_link}} in a chat text into a link of its own for that account', async () => {
    const to = await newPayer(t, merchantId);
    const answer = await t.request(`/api/merchants/${merchantId}/accounts/${to.accountId}/send_message/`, {
      method: 'POST',
      token: admin,
      json: { customer: to.customerId, message: 'Pay here: {{payment_link}}' },
    });
    expect(answer.status).toBe(201);
    const [sent] = await t.database.db.select().from(messages).where(eq(messages.customerId, to.customerId));
    const token = linkPattern.exec(sent!.body)?.[1];
    expect(sent!.body).toBe(`Pay here: ${publicUrl}/pay/${token}`);
    const [link] = await linksOf(t, to.accountId);
    expect(link!.tokenHash).toBe(hashSecret(tokenOf(sent!.body)));
  });
});
