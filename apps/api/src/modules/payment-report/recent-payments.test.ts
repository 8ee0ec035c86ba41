import { RECENT_PAYMENTS_LIMIT } from '@paylane/shared/contracts/payment-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { saveTestCard, transactionsPath } from '../payments/payments-test-setup';
import {
  createReportMerchant,
  newCustomerAccount,
  payAt,
  signInAt,
  type ReportMerchantSetup,
} from './payment-report-test-setup';

// GET .../recent_payments/ (docs/product.md §9): Home's first 50 payments of the merchant's today that are
// PAID (REFUND joins when refunds exist), newest first, searchable like the report; for every member.
describe('recent payments', () => {
  let t: TestApp;
  let shop: ReportMerchantSetup;
  const ids: Record<string, string> = {};
  // Today is 2026-11-12 in Los Angeles; it began at 08:00 UTC.
  const NOW = '2026-11-12T20:00:00Z';

  const recent = async (query = '', email = shop.emails.clerk) =>
    t.request(`/api/merchants/${shop.merchantId}/recent_payments/${query}`, {
      token: await signInAt(t, NOW, email),
    });
  const idsOf = (body: { results: { id: string }[] }) => body.results.map((row) => row.id);

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createReportMerchant(t, 'Recent Motors');
    const gina = await newCustomerAccount(t, shop.merchantId, {
      firstName: 'Gina',
      lastName: 'Early',
      externalId: 'G-1',
      accountNumber: 'AG-1',
    });
    const nadia = await newCustomerAccount(t, shop.merchantId, {
      firstName: 'Nadia',
      lastName: 'Searcher',
      externalId: 'N-1',
      accountNumber: 'AN-1',
    });
    const pay = async (
      key: string,
      iso: string,
      to: typeof gina,
      method: Parameters<typeof payAt>[1]['method'],
    ) => {
      const input = {
        iso,
        email: shop.emails.admin,
        merchantId: shop.merchantId,
        to,
        amount: '20.00',
        method,
      };
      ids[key] = (await payAt(t, input)).id;
    };
    await pay('yesterday', '2026-11-12T07:59:00Z', gina, { kind: 'cash' });
    await pay('firstToday', '2026-11-12T08:00:00Z', gina, { kind: 'cash' });
    const declining = await saveTestCard(
      t,
      { merchantId: shop.merchantId, customerId: nadia.customerId },
      '4000000000000002',
      'CREDIT',
    );
    await pay('declinedToday', '2026-11-12T09:00:00Z', nadia, { paymentMethodId: declining });
    await pay('nadiaToday', '2026-11-12T10:00:00Z', nadia, { kind: 'cash' });
  });
  afterAll(() => t.close());

  it("lists today's paid payments on the merchant's calendar, newest first, for any member", async () => {
    const answer = await recent();
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body)).toEqual([ids.nadiaToday, ids.firstToday]);
    expect(answer.body.results[0]).toMatchObject({
      status: 'PAID',
      customer: { first_name: 'Nadia', last_name: 'Searcher' },
      account: { account_number: 'AN-1' },
    });
  });

  it('searches them like the report', async () => {
    expect(idsOf((await recent('?like=nadia')).body)).toEqual([ids.nadiaToday]);
    expect(idsOf((await recent('?like=ag-1')).body)).toEqual([ids.firstToday]);
    expect((await recent('?like=nobody')).body.results).toEqual([]);
  });

  it('stops at the first 50', async () => {
    const many = await newCustomerAccount(t, shop.merchantId, {
      firstName: 'Many',
      lastName: 'Payments',
      externalId: 'M-1',
      accountNumber: 'AM-1',
    });
    const token = await signInAt(t, '2026-11-12T11:00:00Z', shop.emails.admin);
    const newest: string[] = [];
    for (let k = 0; k < RECENT_PAYMENTS_LIMIT; k++) {
      t.clock.advance(1);
      const answer = await t.request(transactionsPath(shop.merchantId, many), {
        method: 'POST',
        token,
        json: { amount: '5.00', method_kind: 'cash' },
        headers: { 'Idempotency-Key': `recent-many-${k}` },
      });
      expect(answer.status).toBe(201);
      newest.unshift(answer.body.id);
    }
    const answer = await recent();
    expect(idsOf(answer.body)).toEqual(newest);
    expect(idsOf((await recent('?like=nadia')).body)).toEqual([ids.nadiaToday]);
  });
});
