import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createReportMerchant,
  newCustomerAccount,
  payAt,
  signInAt,
  type ReportMerchantSetup,
} from '../payment-report/payment-report-test-setup';
import { saveTestCard } from './payments-test-setup';

// Refunds dated on their own day (payments facts §4: refunds missing from monthly reports): the payment
// report, its CSV and Home's recent payments list a refund on the day it was made, not the payment's day.
describe('refunds in the payment report', () => {
  let t: TestApp;
  let shop: ReportMerchantSetup;
  let card: Transaction;
  let refundRowId: string;
  // Los Angeles: the payment on 2026-11-10, the refund on 2026-11-13 at 10:00 local.
  const REFUND_AT = '2026-11-13T18:00:00Z';

  const as = (iso: string) => signInAt(t, iso, shop.emails.admin);
  const get = async (path: string, iso = REFUND_AT) =>
    t.request(`/api/merchants/${shop.merchantId}/${path}`, { token: await as(iso) });

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createReportMerchant(t, 'Refund Report Motors');
    const to = await newCustomerAccount(t, shop.merchantId, {
      firstName: 'Rita',
      lastName: 'Refundson',
      externalId: 'CUST-4040',
      accountNumber: 'ACC-4040',
    });
    const visa = await saveTestCard(
      t,
      { merchantId: shop.merchantId, customerId: to.customerId },
      '4242424242424242',
      'CREDIT',
    );
    card = await payAt(t, {
      iso: '2026-11-10T17:00:00Z',
      email: shop.emails.admin,
      merchantId: shop.merchantId,
      to,
      amount: '200.00',
      method: { paymentMethodId: visa },
    });
    const refund = await t.request(`/api/merchants/${shop.merchantId}/refund_payment/`, {
      method: 'POST',
      token: await as(REFUND_AT),
      headers: { 'Idempotency-Key': 'report-refund-1' },
      json: {
        payment: card.id,
        total: '50.00',
        sources: [{ transaction: card.id, amount: '50.00', convenience_fee: '0.00' }],
      },
    });
    expect(refund.status).toBe(201);
    refundRowId = refund.body.sources[0].id;
  });
  afterAll(() => t.close());

  it('lists the refund on its own day, and the payment on its day', async () => {
    const refundDay = await get('report-transactions/?start=2026-11-13&end=2026-11-13');
    expect(refundDay.body.results).toMatchObject([
      {
        id: refundRowId,
        status: 'REFUND',
        payment: { amount_cents: 5_000, fee_cents: 0, refund_of: card.id },
        customer: { last_name: 'Refundson' },
        account: { account_number: 'ACC-4040' },
        taken_by: expect.stringMatching(/\S/),
      },
    ]);
    const paymentDay = await get('report-transactions/?start=2026-11-10&end=2026-11-10');
    expect(paymentDay.body.results).toMatchObject([
      { id: card.id, status: 'PAID', payment: { refunded_cents: 5_000 } },
    ]);
    const onlyRefunds = await get('report-transactions/?status=REFUND&like=Refundson');
    expect(onlyRefunds.body.results.map((row: { id: string }) => row.id)).toEqual([refundRowId]);
  });

  it('exports the refund as its own row with the payment it refunds', async () => {
    const answer = await t.request(`/api/merchants/${shop.merchantId}/export_transactions/`, {
      method: 'POST',
      token: await as(REFUND_AT),
      json: { start: '2026-11-01', end: '2026-11-30' },
    });
    const rows: Record<string, string>[] = parse(answer.body, { columns: true, bom: true });
    expect(rows.map((row) => [row.Date, row.Status, row.Amount, row['Refund Of']])).toEqual([
      ['2026-11-13 10:00:00', 'REFUND', '50.00', card.id],
      ['2026-11-10 09:00:00', 'PAID', '200.00', ''],
    ]);
  });

  it('Home’s recent payments list the refund made today', async () => {
    const recent = await get('recent_payments/', '2026-11-13T23:00:00Z');
    expect(recent.body.results.map((row: { status: string }) => row.status)).toEqual(['REFUND']);
  });
});
