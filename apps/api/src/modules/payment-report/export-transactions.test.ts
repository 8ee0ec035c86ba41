import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { centsToDollars } from '@paylane/shared/format';
import { auditLog, merchants, payments } from '../../db/schema';
import { seedScale } from '../../db/seed/scale';
import { createTestApp, type TestApp } from '../../test/app';
import { saveTestCard } from '../payments/payments-test-setup';
import {
  createReportMerchant,
  newCustomerAccount,
  payAt,
  signInAt,
  type ReportMerchantSetup,
} from './payment-report-test-setup';

// POST .../export_transactions/: the report's filters, answered as a CSV streamed in keyset slices, with the
// row count announced first, dates on the merchant's clock, dollars with two decimals and no cell a
// spreadsheet would run as a formula.
describe('export transactions', () => {
  let t: TestApp;
  let shop: ReportMerchantSetup;
  let cash: Transaction;
  let card: Transaction;
  const READ_AT = '2026-11-20T20:00:00Z';

  const exportWith = (token: string, body: Record<string, unknown>, merchantId = shop.merchantId) =>
    t.request(`/api/merchants/${merchantId}/export_transactions/`, { method: 'POST', token, json: body });
  const exportAs = async (email: string, body: Record<string, unknown>) =>
    exportWith(await signInAt(t, READ_AT, email), body);
  const rowsOf = (csv: string): Record<string, string>[] => parse(csv, { columns: true, bom: true });

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createReportMerchant(t, 'Export Motors');
    const evil = await newCustomerAccount(t, shop.merchantId, {
      firstName: '=HYPERLINK("http://evil.test")',
      lastName: 'Evil',
      externalId: '@SUM(A1)',
      accountNumber: '-42',
    });
    const payment = { email: shop.emails.admin, merchantId: shop.merchantId, to: evil, amount: '125.50' };
    // 08:00 and 09:30 UTC on 2026-11-10 are 00:00 and 01:30 that day in Los Angeles.
    cash = await payAt(t, { ...payment, iso: '2026-11-10T08:00:00Z', method: { kind: 'cash' } });
    const visa = await saveTestCard(
      t,
      { merchantId: shop.merchantId, customerId: evil.customerId },
      '4242424242424242',
      'CREDIT',
    );
    card = await payAt(t, { ...payment, iso: '2026-11-10T09:30:00Z', method: { paymentMethodId: visa } });
    await payAt(t, { ...payment, iso: '2026-11-12T09:30:00Z', method: { kind: 'cash' } });
  });
  afterAll(() => t.close());

  it('streams the range as a CSV named by it, with its row count announced first', async () => {
    const answer = await exportAs(shop.emails.admin, { start: '2026-11-10', end: '2026-11-10' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="transactions_2026-11-10_to_2026-11-10.csv"',
    );
    expect(answer.headers.get('x-total-count')).toBe('2');
    const rows = rowsOf(answer.body);
    expect(rows.map((row) => row['Transaction ID'])).toEqual([card.id, cash.id]);
    expect(rows[0]).toMatchObject({
      Date: '2026-11-10 01:30:00',
      Status: 'PAID',
      Amount: '125.50',
      'Convenience Fee': centsToDollars(card.payment.fee_cents),
      Total: centsToDollars(card.payment.total_amount_cents),
      'Taken By': 'Casey admin',
    });
    expect(card.payment.fee_cents).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ Date: '2026-11-10 00:00:00', 'Payment Method': 'Cash', Total: '125.50' });
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const [row] = rowsOf((await exportAs(shop.emails.admin, { start: '2026-11-12' })).body);
    expect(row).toMatchObject({
      Customer: `'=HYPERLINK("http://evil.test") Evil`,
      'Customer ID': "'@SUM(A1)",
      'Account Number': "'-42",
    });
  });

  it('filters like the report, and an empty match is a header alone', async () => {
    const failed = await exportAs(shop.emails.admin, { status: ['FAILED'] });
    expect(failed.headers.get('x-total-count')).toBe('0');
    expect(String(failed.body).trim().split('\n')).toHaveLength(1);
    const open = await exportAs(shop.emails.admin, {});
    expect(open.headers.get('x-total-count')).toBe('3');
    expect(open.headers.get('content-disposition')).toBe(
      'attachment; filename="transactions_start_to_2026-11-20.csv"',
    );
  });

  it('is audited, and refused without the payment-report capability', async () => {
    await exportAs(shop.emails.reporter, { start: '2026-11-10', status: ['PAID'] });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, shop.merchantId), eq(auditLog.action, 'transactions.exported')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.after).toEqual({ start: '2026-11-10', status: ['PAID'], row_count: 3 });
    const refused = await exportAs(shop.emails.clerk, {});
    expect(refused.status).toBe(403);
    expect(Object.keys(refused.body)).toEqual(['detail']);
  });

  it('reads past one slice in the report order without repeating or losing a row', async () => {
    await seedScale(t.database.db, { merchants: 1, customers: 40, transactions: 4500, demoShare: 0 });
    const [scale] = await t.database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.name, 'Scale Motors 0001'));
    const answer = await exportWith(await t.demoToken('superadmin'), {}, scale!.id);
    const expected = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.merchantId, scale!.id))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    expect(expected).toHaveLength(4500);
    expect(answer.headers.get('x-total-count')).toBe('4500');
    expect(rowsOf(answer.body).map((row) => row['Transaction ID'])).toEqual(expected.map((row) => row.id));
    // A search reads its slices from the searched index entries: every seeded customer id starts with S.
    const searched = await exportWith(await t.demoToken('superadmin'), { like: 's' }, scale!.id);
    expect(searched.headers.get('x-total-count')).toBe('4500');
    expect(rowsOf(searched.body).map((row) => row['Transaction ID'])).toEqual(expected.map((row) => row.id));
  });
});
