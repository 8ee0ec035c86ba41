import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { newPayableAccount, saveTestCard } from '../payments/payments-test-setup';
import { countReportRows, listCountedReportPage } from './payment-report.repository';
import { createReportCounting, listReportTransactions } from './payment-report.service';
import {
  createReportMerchant,
  newCustomerAccount,
  payAt,
  REPORT_ZONE,
  signInAt,
  type ReportMerchantSetup,
} from './payment-report-test-setup';

// GET .../report-transactions/: a merchant's payments, newest first, filtered by status (one or repeated), by
// days on the merchant's calendar (Los Angeles here, so a local day is not a UTC day) and by a search term;
// paged with a count; only for the payment-report capability; never another merchant's payments.
describe('payment report', () => {
  let t: TestApp;
  let shop: ReportMerchantSetup;
  const ids: Record<string, string> = {};
  // Later than every payment: where the clock stands while the report is read.
  const READ_AT = '2026-11-20T20:00:00Z';

  const report = async (query: string, email = shop.emails.admin) =>
    t.request(`/api/merchants/${shop.merchantId}/report-transactions/?${query}`, {
      token: await signInAt(t, READ_AT, email),
    });
  const idsOf = (body: { results: { id: string }[] }) => body.results.map((row) => row.id);

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createReportMerchant(t, 'Report Motors');
    const zelda = await newCustomerAccount(t, shop.merchantId, {
      firstName: 'Zelda',
      lastName: 'Quarkson',
      externalId: 'CUST-7781',
      accountNumber: 'ACC-5521',
    });
    const omar = await newCustomerAccount(t, shop.merchantId, {
      firstName: 'Omar',
      lastName: 'Little',
      externalId: 'CUST-1200',
      accountNumber: 'ACC-9900',
    });
    const pay = (key: string, iso: string, to: typeof zelda, method: Parameters<typeof payAt>[1]['method']) =>
      payAt(t, {
        iso,
        email: shop.emails.admin,
        merchantId: shop.merchantId,
        to,
        amount: '125.00',
        method,
      }).then((transaction) => {
        ids[key] = transaction.id;
        return transaction;
      });
    const card = async (number: string) => ({
      paymentMethodId: await saveTestCard(
        t,
        { merchantId: shop.merchantId, customerId: omar.customerId },
        number,
        'CREDIT',
      ),
    });
    // Around the local day 2026-11-10 in Los Angeles (PST, UTC-8): it runs from 08:00 UTC to 08:00 UTC.
    await pay('lastOfNov9', '2026-11-10T07:59:59Z', zelda, { kind: 'cash' });
    await pay('firstOfNov10', '2026-11-10T08:00:00Z', zelda, { kind: 'check' });
    await pay('lastOfNov10', '2026-11-11T07:59:59Z', omar, await card('4242424242424242'));
    await pay('firstOfNov11', '2026-11-11T08:00:00Z', omar, { kind: 'cash' });
    const declined = await pay('declined', '2026-11-12T18:00:00Z', omar, await card('4000000000000002'));
    expect(declined.status).toBe('FAILED');
  });
  afterAll(() => t.close());

  it('lists every payment newest first with whose it is and who took it', async () => {
    const answer = await report('');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 5, next: null, previous: null, is_count_capped: false });
    expect(idsOf(answer.body)).toEqual([
      ids.declined,
      ids.firstOfNov11,
      ids.lastOfNov10,
      ids.firstOfNov10,
      ids.lastOfNov9,
    ]);
    expect(answer.body.results[2]).toMatchObject({
      status: 'PAID',
      created: '2026-11-11T07:59:59.000Z',
      payment: { method_kind: 'card', method_label: expect.stringMatching(/4242$/), amount_cents: 12_500 },
      customer: { first_name: 'Omar', last_name: 'Little', external_id: 'CUST-1200' },
      account: { account_number: 'ACC-9900' },
      taken_by: 'Casey admin',
    });
  });

  it('filters by one status or several (status repeated)', async () => {
    const failed = await report('status=FAILED');
    expect(idsOf(failed.body)).toEqual([ids.declined]);
    const both = await report('status=FAILED&status=PAID');
    expect(both.body.count).toBe(5);
    const neither = await report('status=RETURNED&status=PENDING');
    expect(neither.body).toMatchObject({ count: 0, results: [] });
    const wrong = await report('status=LOST');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveProperty('status');
  });

  it('reads start and end as whole days on the merchant calendar, both included', async () => {
    const nov10 = await report('start=2026-11-10&end=2026-11-10');
    expect(idsOf(nov10.body)).toEqual([ids.lastOfNov10, ids.firstOfNov10]);
    const fromNov11 = await report('start=2026-11-11');
    expect(idsOf(fromNov11.body)).toEqual([ids.declined, ids.firstOfNov11]);
    const untilNov9 = await report('end=2026-11-09');
    expect(idsOf(untilNov9.body)).toEqual([ids.lastOfNov9]);
    const paidOnNov10And11 = await report('start=2026-11-10&end=2026-11-11&status=PAID');
    expect(idsOf(paidOnNov10And11.body)).toEqual([ids.firstOfNov11, ids.lastOfNov10, ids.firstOfNov10]);
    expect((await report('start=2026-11-31')).status).toBe(400);
  });

  it('searches first name, last name, external id, account number and a card last four', async () => {
    const zeldas = [ids.firstOfNov10, ids.lastOfNov9];
    const omars = [ids.declined, ids.firstOfNov11, ids.lastOfNov10];
    expect(idsOf((await report('like=zel')).body)).toEqual(zeldas);
    expect(idsOf((await report('like=ARKSO')).body)).toEqual(zeldas);
    expect(idsOf((await report('like=zelda%20quark')).body)).toEqual(zeldas);
    expect(idsOf((await report('like=cust-12')).body)).toEqual(omars);
    expect(idsOf((await report('like=ACC-55')).body)).toEqual(zeldas);
    // Both of Omar's cards end in 4242 and 0002; the last four finds each card payment, not his cash.
    expect(idsOf((await report('like=4242')).body)).toEqual([ids.lastOfNov10]);
    expect(idsOf((await report('like=0002')).body)).toEqual([ids.declined]);
    expect((await report('like=nobody')).body.count).toBe(0);
    // 'a' is in both customers' names and starts both account numbers: each payment is found twice, counted once.
    const everyone = await report('like=a');
    expect(everyone.body.count).toBe(5);
    expect(everyone.body.results).toHaveLength(5);
    // LIKE wildcards are matched literally.
    expect((await report('like=%25')).body.count).toBe(0);
    expect((await report('like=_')).body.count).toBe(0);
    // Local 2026-11-11 begins after the card payment (07:59:59 UTC is still the 10th in Los Angeles).
    expect(idsOf((await report('like=little&status=PAID&start=2026-11-11')).body)).toEqual([
      ids.firstOfNov11,
    ]);
  });

  it('pages with the count and links that keep the filters', async () => {
    const first = await report('page_size=2&status=PAID&status=FAILED');
    expect(first.body).toMatchObject({ count: 5, previous: null, is_count_capped: false });
    expect(idsOf(first.body)).toEqual([ids.declined, ids.firstOfNov11]);
    const next = new URL(first.body.next, 'http://x');
    expect(next.searchParams.getAll('status')).toEqual(['PAID', 'FAILED']);
    expect(next.searchParams.get('page')).toBe('2');
    const second = await t.request(first.body.next, { token: await signInAt(t, READ_AT, shop.emails.admin) });
    expect(idsOf(second.body)).toEqual([ids.lastOfNov10, ids.firstOfNov10]);
    const third = await report('page_size=2&page=3');
    expect(third.body).toMatchObject({ count: 5, next: null });
    expect(idsOf(third.body)).toEqual([ids.lastOfNov9]);
    // A page past the last still says how many there are (it has no row to carry the count).
    const past = await report('page_size=2&page=4');
    expect(past.body).toMatchObject({ count: 5, next: null, results: [] });
    const searchedPast = await report('like=zel&page_size=2&page=2');
    expect(searchedPast.body).toMatchObject({ count: 2, results: [] });
  });

  it('counts no further than its cap, and says when it stopped there', async () => {
    const merchantId = shop.merchantId;
    expect(await countReportRows(t.database.db, { merchantId }, 10)).toBe(5);
    expect(await countReportRows(t.database.db, { merchantId }, 5)).toBe(5);
    // Past the cap the count reads one more than the cap, which the service turns into is_count_capped.
    expect(await countReportRows(t.database.db, { merchantId }, 3)).toBe(4);
    // A page carries the same capped count, searched or not, in the statement that reads it.
    const page = (like: string | undefined, offset: number, cap: number) =>
      listCountedReportPage(t.database.db, { merchantId, like }, { limit: 2, offset }, cap);
    expect((await page(undefined, 0, 10)).counted).toBe(5);
    expect((await page(undefined, 0, 3)).counted).toBe(4);
    expect(await page(undefined, 6, 3)).toEqual({ rows: [], counted: 4 });
    expect((await page('little', 0, 10)).counted).toBe(3);
    expect((await page('little', 0, 1)).counted).toBe(2);
  });

  it('remembers for a minute that a filter counted past its cap, and reads only the page meanwhile', async () => {
    await signInAt(t, READ_AT, shop.emails.admin);
    const counting = createReportCounting(t.clock.now, 3);
    const merchant = { id: shop.merchantId, timeZone: REPORT_ZONE };
    const paid = (page: number) =>
      listReportTransactions(t.database.db, counting, merchant, { status: ['PAID'], page, page_size: 2 });
    const idsOfPage = (answer: Awaited<ReturnType<typeof paid>>) => answer.results.map((row) => row.id);
    // Four paid payments, counted past the cap of 3.
    expect(await paid(1)).toMatchObject({ count: 3, isCountCapped: true });
    // One leaves the filter (as another process would change it): the pages are read fresh, the count is not.
    const { db } = t.database;
    await db.update(payments).set({ status: 'failed' }).where(eq(payments.id, ids.firstOfNov11!));
    try {
      const second = await paid(2);
      expect(second).toMatchObject({ count: 3, isCountCapped: true });
      expect(idsOfPage(second)).toEqual([ids.lastOfNov9]);
      // Another filter is counted on its own.
      const all = await listReportTransactions(db, counting, merchant, { page: 1, page_size: 2 });
      expect(all).toMatchObject({ count: 3, isCountCapped: true });
      // A minute later the filter is counted again: exactly, now that it is within the cap.
      t.clock.advance(60);
      expect(await paid(1)).toMatchObject({ count: 3, isCountCapped: false });
    } finally {
      await db.update(payments).set({ status: 'paid' }).where(eq(payments.id, ids.firstOfNov11!));
    }
  });

  it('is for the payment-report capability: admins and the flag, not a custom role without it', async () => {
    expect((await report('', shop.emails.reporter)).status).toBe(200);
    const refused = await report('', shop.emails.clerk);
    expect(refused.status).toBe(403);
    expect(Object.keys(refused.body)).toEqual(['detail']);
  });

  it("never shows another merchant's payments, and refuses another merchant's report", async () => {
    const demoId = await t.demoMerchantId();
    const demoAdmin = await t.demoToken('admin');
    const demoAccount = await newPayableAccount(t, demoId);
    await t.request(
      `/api/merchants/${demoId}/customers/${demoAccount.customerId}/accounts/${demoAccount.accountId}/transactions/`,
      { method: 'POST', token: demoAdmin, json: { amount: '10.00', method_kind: 'cash' } },
    );
    const ours = await report('');
    expect(ours.body.count).toBe(5);
    expect((await report('like=paula')).body.count).toBe(0);
    const theirs = await t.request(`/api/merchants/${demoId}/report-transactions/`, {
      token: await signInAt(t, READ_AT, shop.emails.admin),
    });
    expect(theirs.status).toBe(404);
    const demoReport = await t.request(`/api/merchants/${demoId}/report-transactions/?like=paula`, {
      token: await t.demoToken('admin'),
    });
    expect(demoReport.body.results.map((row: { id: string }) => row.id)).not.toContain(ids.lastOfNov9);
    expect(demoReport.body.count).toBeGreaterThanOrEqual(1);
  });
});
