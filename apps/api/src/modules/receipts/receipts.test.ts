import { receiptLines } from '@paylane/shared/receipt-lines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  saveTestCard,
  startPaymentTestApp,
  transactionsPath,
  type AccountRef,
  type PaymentTestApp,
} from '../payments/payments-test-setup';
import { postLedgerEntries } from '../payments/payments.repository';
import { newReceiptCustomer, pdfText, refundEntries } from './receipts-test-setup';

// download_receipt (issue 17 item 2): the payment's receipt as a PDF with the merchant, the customer, the
// account, the method's mask, the convenience fee on its own line and each refund; the same receipt the pay page
// answers after paying.
describe('download_receipt', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;
  let pay: PaymentTestApp['pay'];

  const download = (to: AccountRef, paymentId: string, token = staff) =>
    t.app.inject({
      method: 'GET',
      url: `${transactionsPath(merchantId, to)}${paymentId}/download_receipt/`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    ({ t, merchantId, staff, pay } = await startPaymentTestApp({ RATE_LIMIT_PER_IP: '500' }));
  });
  afterAll(() => t.close());

  it('prints the merchant, customer, account, method mask, fee line, total and each refund', async () => {
    const to = await newReceiptCustomer(t, merchantId);
    const card = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    const paid = await pay(to, { amount: '100.00', payment_method: card });
    expect(paid).toMatchObject({ status: 'PAID', payment: { fee_cents: 295, total_amount_cents: 10_295 } });
    await postLedgerEntries(
      t.database.db,
      refundEntries(
        { merchantId, id: paid.id, accountId: to.accountId },
        // Refunded an hour later (the clock stays put: the session's token would expire).
        { amountCents: 2_000, feeCents: 59, at: new Date(t.clock.now().getTime() + 3_600_000) },
      ),
    );

    const answer = await download(to, paid.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${String(paid.id).slice(0, 8).toUpperCase()}.pdf"`,
    );
    const text = await pdfText(answer.rawPayload);
    for (const expected of [
      'Demo Motors',
      'Rita Receipt',
      'RC-',
      'VISA •••• 4242',
      'Payment',
      '$100.00',
      'Convenience fee',
      '$2.95',
      'Total',
      '$102.95',
      'Refund',
      '($20.00)',
      'Convenience fee refund',
      '($0.59)',
      'Total refunded',
      '($20.59)',
      'Total after refunds',
      '$82.36',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("is 404 for another account's payment, a payment nobody took, or a malformed id", async () => {
    const to = await newReceiptCustomer(t, merchantId);
    const other = await newReceiptCustomer(t, merchantId);
    const paid = await pay(to, { amount: '25.00', method_kind: 'cash' });
    expect((await download(other, paid.id)).statusCode).toBe(404);
    expect((await download(to, '9d8f6a3e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(to, 'not-an-id')).statusCode).toBe(404);
    const cash = await pdfText((await download(to, paid.id)).rawPayload);
    expect(cash).toContain('Cash');
    expect(cash).not.toContain('Convenience fee');
    expect(cash).not.toContain('Refund');
  });

  it("is the pay page's receipt: paying through a link answers the lines the PDF prints", async () => {
    const to = await newReceiptCustomer(t, merchantId);
    const { body: link } = await t.request(
      `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}/create_payment_link/`,
      { method: 'POST', token: staff, json: {} },
    );
    const token = String(link.payment_link).split('/pay/')[1];
    const verified = await t.request(`/api/pay/${token}/verify/`, {
      method: 'POST',
      json: { last_name: 'Receipt', date_of_birth: '1980-02-03' },
    });
    const session = { 'X-Pay-Session': verified.body.session as string };
    const entry = await t.request(`/api/pay/${token}/entry/`, {
      method: 'POST',
      json: { kind: 'card' },
      headers: session,
    });
    const fields = { card_number: '4242424242424242', exp_month: '12', exp_year: '2031', cvc: '123' };
    await t.request(entry.body.url, { method: 'POST', body: new URLSearchParams(fields) });
    const paid = await t.request(`/api/pay/${token}/pay/`, {
      method: 'POST',
      json: { amount: '50.00', entry_id: entry.body.entry_id },
      headers: { ...session, 'Idempotency-Key': 'receipt-link-pay' },
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      merchant: { name: 'Demo Motors' },
      merchant_name: 'Demo Motors',
      customer_name: 'Rita Receipt',
      refunds: [],
      transaction: { status: 'PAID', payment: { fee_cents: 148 } },
    });

    const text = await pdfText((await download(to, paid.body.transaction.id)).rawPayload);
    for (const line of receiptLines(paid.body)) {
      expect(text).toContain(line.label);
      expect(text).toContain(line.value);
    }
  });
});
