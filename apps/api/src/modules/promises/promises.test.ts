import { promiseMessages } from '@paylane/shared/contracts/promises';
import { messages } from '@paylane/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { saveTestCard, type AccountRef } from '../payments/payments-test-setup';
import {
  localIn,
  makePromise,
  newPromiseAccount,
  promiseEventsOf,
  promisesPath,
  promiseTextsOf,
} from './promises-test-setup';

// Promises to pay (issue 17 item 4): made on an account at least 30 minutes ahead on the merchant's clock, one
// open per account, a scheduled payment with a saved method and an amount; confirmed, cancelled, listed and
// summed up for Home.
describe('promises to pay', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;
  let admin: string;

  const promise = (to: AccountRef, body: Record<string, unknown>, key?: string | null) =>
    makePromise(t, merchantId, to, body, { token: staff, key });
  const confirm = (to: AccountRef, id: string) =>
    t.request(`${promisesPath(merchantId, to)}${id}/confirm/`, { method: 'POST', token: staff });
  const cancel = (id: string) =>
    t.request(`/api/merchants/${merchantId}/cancel_scheduled_payment/`, {
      method: 'POST',
      token: staff,
      json: { payment: id },
    });

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    admin = await t.demoToken('admin');
  });
  afterAll(() => t.close());

  it('takes a time at least 30 minutes ahead on the merchant clock and today or later', async () => {
    const to = await newPromiseAccount(t, merchantId);
    expect(await promise(to, localIn(t, 29))).toMatchObject({
      status: 400,
      body: { time: [promiseMessages.atLeast30Minutes] },
    });
    expect(await promise(to, { ...localIn(t, -24 * 60), time: '23:59' })).toMatchObject({
      status: 400,
      body: { date: ["Must be today's date or later"] },
    });
    const made = await promise(to, { ...localIn(t, 32), note: 'Payday is Friday' });
    expect(made).toMatchObject({
      status: 201,
      body: {
        status: 'PROMISED',
        outcome: 'open',
        ...localIn(t, 32),
        amount_cents: null,
        paid_cents: 0,
        payment_method: null,
        note: 'Payday is Friday',
        created_by: expect.any(String),
        customer: { id: to.customerId, first_name: 'Pete', last_name: 'Promiser' },
        account: { id: to.accountId },
      },
    });
    // The moment is the merchant's wall clock (America/Chicago), stored in UTC.
    const { date, time } = localIn(t, 32);
    const scheduled = new Date(made.body.scheduled_date);
    expect(localOfInstant(scheduled)).toEqual({ date, time });
  });

  it('refuses a method without an amount, a small amount, more than is due, and an unknown method', async () => {
    const to = await newPromiseAccount(t, merchantId, { amountDueCents: 20_000 });
    const card = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    const when = localIn(t, 60 * 24);
    expect(await promise(to, { ...when, payment_method: card })).toMatchObject({
      status: 400,
      body: { amount: [promiseMessages.methodNeedsAmount] },
    });
    expect(await promise(to, { ...when, payment_method: card, amount: '0.50' })).toMatchObject({
      status: 400,
      body: { amount: [messages.paymentMinimum] },
    });
    expect(await promise(to, { ...when, payment_method: card, amount: '250.00' })).toMatchObject({
      status: 400,
      body: { amount: [promiseMessages.amountAboveDue] },
    });
    const other = await newPromiseAccount(t, merchantId);
    const othersCard = await saveTestCard(t, { merchantId, ...other }, '4242424242424242', 'CREDIT');
    expect(await promise(to, { ...when, payment_method: othersCard, amount: '50.00' })).toMatchObject({
      status: 400,
      body: { payment_method: [messages.notFound] },
    });
  });

  it('makes a scheduled payment with a saved method and an amount, texted PAYMENT_SCHEDULED once', async () => {
    const to = await newPromiseAccount(t, merchantId);
    const card = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    const body = { ...localIn(t, 3 * 24 * 60), amount: '120.00', payment_method: card };
    const made = await promise(to, body, 'scheduled-once');
    expect(made).toMatchObject({
      status: 201,
      body: {
        status: 'SCHEDULED',
        amount_cents: 12_000,
        payment_method: { id: card, kind: 'card', label: expect.stringMatching(/•••• 4242$/) },
      },
    });
    // The same key and body answer the same promise; the key with another body is refused.
    const again = await promise(to, body, 'scheduled-once');
    expect(again).toMatchObject({ status: 201, body: { id: made.body.id } });
    expect(await promise(to, { ...body, amount: '121.00' }, 'scheduled-once')).toMatchObject({
      status: 409,
      body: { detail: promiseMessages.keyReused },
    });
    expect(await promiseTextsOf(t, made.body.id)).toEqual(['PAYMENT_SCHEDULED']);
    expect((await promiseEventsOf(t, to.customerId)).map((event) => event.kind)).toEqual(['promise.created']);
  });

  it('keeps one open promise per account, even for two requests at once', async () => {
    const to = await newPromiseAccount(t, merchantId);
    const answers = await Promise.all([
      promise(to, { ...localIn(t, 120), amount: '40.00' }),
      promise(to, localIn(t, 180)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body).toEqual({
      non_field_errors: [promiseMessages.openPromiseExists],
    });
    const made = answers.find((answer) => answer.status === 201)!.body;
    expect(await cancel(made.id)).toMatchObject({ status: 200, body: { outcome: 'cancelled' } });
    expect(await promise(to, localIn(t, 240))).toMatchObject({ status: 201 });
  });

  it("answers 404 for another merchant's account and refuses inactive and voided ones", async () => {
    const rival = await t.request('/api/merchants/', {
      method: 'POST',
      token: await t.demoToken('superadmin'),
      json: { name: 'Promise Rival Motors' },
    });
    const theirs = await newPromiseAccount(t, rival.body.id);
    expect(await promise(theirs, localIn(t, 60))).toMatchObject({ status: 404 });
    expect(await promise({ customerId: theirs.customerId, accountId: 'not-an-id' }, {})).toMatchObject({
      status: 404,
    });

    const inactive = await newPromiseAccount(t, merchantId);
    await t.database.db
      .update(accounts)
      .set({ status: 'inactive' })
      .where(eq(accounts.id, inactive.accountId));
    expect(await promise(inactive, localIn(t, 60))).toMatchObject({
      status: 400,
      body: { non_field_errors: [messages.accountInactive] },
    });
    const voided = await newPromiseAccount(t, merchantId);
    await t.database.db
      .update(customers)
      .set({ voidedAt: t.clock.now() })
      .where(eq(customers.id, voided.customerId));
    expect(await promise(voided, localIn(t, 60))).toMatchObject({
      status: 400,
      body: { non_field_errors: [messages.customerVoided] },
    });
  });

  it('confirms an unconfirmed promise once, texted PAYMENT_PROMISE_CONFIRMED once, in the history', async () => {
    const to = await newPromiseAccount(t, merchantId);
    const made = (await promise(to, localIn(t, 600))).body;
    expect(await promiseTextsOf(t, made.id)).toEqual(['PAYMENT_PROMISE']);
    const first = await confirm(to, made.id);
    expect(first).toMatchObject({
      status: 200,
      body: { status: 'PROMISE_CONFIRMED', confirmed_at: expect.any(String) },
    });
    expect(await confirm(to, made.id)).toMatchObject({ status: 200, body: first.body });
    expect(await promiseTextsOf(t, made.id)).toEqual(['PAYMENT_PROMISE', 'PAYMENT_PROMISE_CONFIRMED']);
    expect(await cancel(made.id)).toMatchObject({ status: 200, body: { outcome: 'cancelled' } });
    expect(await confirm(to, made.id)).toMatchObject({
      status: 400,
      body: { non_field_errors: [promiseMessages.notConfirmable] },
    });
    expect((await promiseEventsOf(t, to.customerId)).map((event) => event.kind)).toEqual([
      'promise.created',
      'promise.confirmed',
      'promise.cancelled',
    ]);
    // Confirm through another account's path is not found.
    const other = await newPromiseAccount(t, merchantId);
    expect(await confirm(other, made.id)).toMatchObject({ status: 404 });
  });

  it("lists an account's promises newest first", async () => {
    const to = await newPromiseAccount(t, merchantId);
    const older = (await promise(to, localIn(t, 90))).body;
    await cancel(older.id);
    t.clock.advance(1);
    const newer = (await promise(to, localIn(t, 95))).body;
    const list = await t.request(promisesPath(merchantId, to), { token: staff });
    expect(list).toMatchObject({ status: 200, body: { count: 2, next: null, previous: null } });
    expect(list.body.results.map((row: { id: string }) => row.id)).toEqual([newer.id, older.id]);
  });

  it('lists the merchant’s promises by confirmation, outcome, date range and search; sums them up for Home', async () => {
    const search = `Zed${Date.now() % 100_000}`;
    const a = await newPromiseAccount(t, merchantId, { firstName: search, externalId: `${search}-A` });
    const b = await newPromiseAccount(t, merchantId, { firstName: search });
    const today = (await promise(a, localIn(t, 45))).body;
    const later = (await promise(b, localIn(t, 3 * 24 * 60))).body;
    await confirm(b, later.id);
    const list = (query: string) =>
      t.request(`/api/merchants/${merchantId}/promises/?like=${search}${query}`, { token: staff });
    expect((await list('')).body.count).toBe(2);
    expect(
      (await list('&confirmation=unconfirmed')).body.results.map((row: { id: string }) => row.id),
    ).toEqual([today.id]);
    expect((await list('&confirmation=confirmed')).body.results.map((row: { id: string }) => row.id)).toEqual(
      [later.id],
    );
    const day = localIn(t, 3 * 24 * 60).date;
    expect(
      (await list(`&start=${day}&end=${day}`)).body.results.map((row: { id: string }) => row.id),
    ).toEqual([later.id]);
    expect((await list('&outcome=kept')).body.count).toBe(0);
    expect(
      (await t.request(`/api/merchants/${merchantId}/promises/?like=${search}-a`, { token: staff })).body
        .count,
    ).toBe(1);

    const summary = await t.request(`/api/merchants/${merchantId}/promise_summary/`, { token: admin });
    expect(summary).toMatchObject({
      status: 200,
      body: { open: expect.any(Number), unconfirmed: expect.any(Number), due_today: expect.any(Number) },
    });
    expect(summary.body.open).toBeGreaterThanOrEqual(2);
    const scheduled = await t.request(`/api/merchants/${merchantId}/scheduled_summary/`, { token: staff });
    expect(scheduled).toMatchObject({ status: 200, body: { scheduled: expect.any(Number) } });
  });

  it('moves a merged customer’s promises to the surviving customer with the accounts', async () => {
    const survivor = await newPromiseAccount(t, merchantId);
    const merged = await newPromiseAccount(t, merchantId);
    const made = (await promise(merged, localIn(t, 300))).body;
    const merge = await t.request(`/api/merchants/${merchantId}/merge_customers/`, {
      method: 'POST',
      token: admin,
      json: { survivor: survivor.customerId, merged: merged.customerId },
    });
    expect(merge.status).toBe(200);
    const moved = { customerId: survivor.customerId, accountId: merged.accountId };
    const list = await t.request(promisesPath(merchantId, moved), { token: staff });
    expect(list.body.results).toEqual([
      expect.objectContaining({
        id: made.id,
        customer: expect.objectContaining({ id: survivor.customerId }),
      }),
    ]);
    expect(await confirm(moved, made.id)).toMatchObject({
      status: 200,
      body: { status: 'PROMISE_CONFIRMED' },
    });
  });
});

function localOfInstant(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}
