import { promiseMessages } from '@paylane/shared/contracts/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../context';
import { payments, sandboxProcessorCharges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { saveTestBankAccount, saveTestCard, transactionsPath } from '../payments/payments-test-setup';
import { takeAccountPayment } from '../payments/take-payment.service';
import { claimDueScheduled } from './promise-sweep.repository';
import { sweepPromises } from './promise-sweep.service';
import { promiseSchedules, SWEEP_PROMISES_JOB } from './promises.jobs';
import { createJobs } from '../../worker';
import {
  localIn,
  makePromise,
  newPromiseAccount,
  promiseEventsOf,
  promisesPath,
  promiseTextsOf,
  type AccountRef,
} from './promises-test-setup';

// The promises sweep on a controlled clock (issue 17 item 4): a scheduled payment runs at its time exactly once
// (two sweeps racing, a crash after the claim), never outside its window, never once cancelled; a decline is
// recorded; an unconfirmed promise is reminded once; kept, partially kept and broken are read from the ledger.
describe('the promises sweep', () => {
  let t: TestApp;
  let merchantId: string;
  let ctx: AppContext;
  const sweep = () => sweepPromises(ctx);

  // Signed in afresh each time: the tests move the clock past an access token's lifetime.
  const promise = async (to: AccountRef, body: Record<string, unknown>) => {
    const answer = await makePromise(t, merchantId, to, body, { token: await t.demoToken('staff') });
    if (answer.status !== 201) throw new Error(`promise not made: ${JSON.stringify(answer.body)}`);
    return answer.body as { id: string };
  };
  const promiseNow = async (to: AccountRef, id: string) => {
    const list = await t.request(promisesPath(merchantId, to), { token: await t.demoToken('staff') });
    return list.body.results.find((row: { id: string }) => row.id === id);
  };
  const paymentsOfPromise = (id: string) =>
    t.database.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `promise:${id}`));
  const chargesOf = (paymentId: string) =>
    t.database.db
      .select()
      .from(sandboxProcessorCharges)
      .where(eq(sandboxProcessorCharges.reference, paymentId));
  const payCash = async (to: AccountRef, amount: string) => {
    const answer = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: await t.demoToken('staff'),
      json: { amount, method_kind: 'cash' },
      headers: { 'Idempotency-Key': `sweep-cash-${to.accountId}-${amount}` },
    });
    expect(answer.status).toBe(201);
  };
  const scheduled = async (to: AccountRef, card: string, minutesAhead: number, amount = '75.00') =>
    promise(to, { ...localIn(t, minutesAhead), amount, payment_method: card });

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log, now: t.clock.now });
  });
  afterAll(() => t.close());

  it('is a job of the worker, scheduled every minute', () => {
    expect(promiseSchedules).toEqual([{ name: SWEEP_PROMISES_JOB, cron: '* * * * *' }]);
    expect(createJobs(ctx).map((job) => job.name)).toContain(SWEEP_PROMISES_JOB);
  });

  it('runs a scheduled payment once at its time, with no convenience fee, even with two sweeps racing', async () => {
    const to = await newPromiseAccount(t, merchantId, { amountDueCents: 40_000 });
    const card = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    const made = await scheduled(to, card, 60);
    await sweep();
    expect(await paymentsOfPromise(made.id)).toEqual([]);

    t.clock.advance(61 * 60);
    const results = await Promise.all([sweep(), sweep()]);
    expect(results.reduce((sum, result) => sum + result.ran, 0)).toBe(1);
    const [payment, ...more] = await paymentsOfPromise(made.id);
    expect(more).toEqual([]);
    // The same credit card taken at the counter carries the demo merchant's fee (take-payment.test.ts).
    expect(payment).toMatchObject({ status: 'paid', amountCents: 7_500, feeCents: 0, channel: 'scheduled' });
    expect(await chargesOf(payment!.id)).toHaveLength(1);
    expect(await promiseNow(to, made.id)).toMatchObject({
      status: 'SCHEDULED',
      outcome: 'open',
      transaction_id: payment!.id,
      failure_message: null,
    });
    // Later sweeps find nothing more to run.
    t.clock.advance(10 * 60);
    await sweep();
    expect(await paymentsOfPromise(made.id)).toHaveLength(1);
    expect((await promiseEventsOf(t, to.customerId)).map((event) => event.kind)).toEqual([
      'promise.created',
      'promise.scheduled_payment_made',
    ]);
    expect(await promiseTextsOf(t, made.id)).toEqual(['PAYMENT_SCHEDULED']);
  });

  it('charges once after a crash between the claim and the answer, retrying the same key', async () => {
    const to = await newPromiseAccount(t, merchantId, { amountDueCents: 40_000 });
    // The processor's answer is lost (sandbox 0341): the first attempt leaves the payment pending.
    const card = await saveTestCard(t, { merchantId, ...to }, '4000000000000341', 'CREDIT');
    const made = await scheduled(to, card, 45);
    t.clock.advance(46 * 60);
    // A worker claims it and charges under the promise's key, then dies before recording anything.
    const [claimed] = await claimDueScheduled(t.database.db, {
      now: t.clock.now(),
      staleBefore: new Date(t.clock.now().getTime() - 5 * 60_000),
      limit: 10,
    }).then((rows) => rows.filter((row) => row.id === made.id));
    expect(claimed).toBeDefined();
    const first = await takeAccountPayment(
      ctx,
      {
        actor: { merchantId, userId: null, ip: '' },
        canWaiveFee: false,
        canExceedRoleLimits: false,
        channel: 'scheduled',
        isRecurring: true,
      },
      {
        customerId: to.customerId,
        accountId: to.accountId,
        amount: 7_500,
        payment_method: card,
        note: '',
        waive_fee: false,
        idempotencyKey: `promise:${made.id}`,
      },
    );
    expect(first.status).toBe('pending');
    // While the claim is fresh no other sweep takes it.
    await sweep();
    expect((await promiseNow(to, made.id)).transaction_id).toBeNull();

    t.clock.advance(6 * 60);
    await sweep();
    const rows = await paymentsOfPromise(made.id);
    expect(rows).toHaveLength(1);
    expect(await chargesOf(first.id)).toHaveLength(1);
    expect(await promiseNow(to, made.id)).toMatchObject({ transaction_id: first.id, failure_message: null });
  });

  it('does not charge outside its window, nor once cancelled', async () => {
    const late = await newPromiseAccount(t, merchantId);
    const lateCard = await saveTestCard(t, { merchantId, ...late }, '4242424242424242', 'CREDIT');
    const missed = await scheduled(late, lateCard, 40);
    const kept = await newPromiseAccount(t, merchantId);
    const keptCard = await saveTestCard(t, { merchantId, ...kept }, '4242424242424242', 'CREDIT');
    const cancelled = await scheduled(kept, keptCard, 40);
    const cancel = await t.request(`/api/merchants/${merchantId}/cancel_scheduled_payment/`, {
      method: 'POST',
      token: await t.demoToken('staff'),
      json: { payment: cancelled.id },
    });
    expect(cancel).toMatchObject({ status: 200, body: { outcome: 'cancelled' } });

    // The worker was down: first swept 61 minutes after the time.
    t.clock.advance((40 + 61) * 60);
    await sweep();
    expect(await paymentsOfPromise(missed.id)).toEqual([]);
    expect(await promiseNow(late, missed.id)).toMatchObject({
      transaction_id: null,
      failure_message: promiseMessages.runWindowMissed,
    });
    expect(await paymentsOfPromise(cancelled.id)).toEqual([]);
    expect(await promiseNow(kept, cancelled.id)).toMatchObject({
      outcome: 'cancelled',
      transaction_id: null,
    });
  });

  it('records a decline, and refuses to cancel a run that has charged', async () => {
    const to = await newPromiseAccount(t, merchantId);
    const declining = await saveTestCard(t, { merchantId, ...to }, '4000000000000002', 'CREDIT');
    const made = await scheduled(to, declining, 35);
    t.clock.advance(36 * 60);
    await sweep();
    const [payment] = await paymentsOfPromise(made.id);
    expect(payment).toMatchObject({ status: 'failed' });
    expect(await promiseNow(to, made.id)).toMatchObject({
      transaction_id: payment!.id,
      failure_message: expect.stringMatching(/.+/),
    });
    expect((await promiseEventsOf(t, to.customerId)).at(-1)?.kind).toBe('promise.scheduled_payment_failed');

    const paid = await newPromiseAccount(t, merchantId);
    const card = await saveTestCard(t, { merchantId, ...paid }, '4242424242424242', 'CREDIT');
    const charged = await scheduled(paid, card, 35);
    t.clock.advance(36 * 60);
    await sweep();
    const cancel = await t.request(`/api/merchants/${merchantId}/cancel_scheduled_payment/`, {
      method: 'POST',
      token: await t.demoToken('staff'),
      json: { payment: charged.id },
    });
    expect(cancel).toMatchObject({
      status: 400,
      body: { non_field_errors: [promiseMessages.tooLateToCancel] },
    });
  });

  it('reminds an unconfirmed promise once, a day before its time', async () => {
    const to = await newPromiseAccount(t, merchantId);
    const made = await promise(to, localIn(t, 30 * 60));
    const confirmedTo = await newPromiseAccount(t, merchantId);
    const confirmed = await promise(confirmedTo, localIn(t, 30 * 60));
    await t.request(`${promisesPath(merchantId, confirmedTo)}${confirmed.id}/confirm/`, {
      method: 'POST',
      token: await t.demoToken('staff'),
    });
    await sweep();
    expect(await promiseTextsOf(t, made.id)).toEqual(['PAYMENT_PROMISE']);
    t.clock.advance(7 * 60 * 60);
    await sweep();
    await sweep();
    expect(await promiseTextsOf(t, made.id)).toEqual(['PAYMENT_PROMISE', 'UNCONFIRMED_PROMISE']);
    expect(await promiseTextsOf(t, confirmed.id)).toEqual(['PAYMENT_PROMISE', 'PAYMENT_PROMISE_CONFIRMED']);
  });

  it('decides kept, partially kept and broken from the ledger a day after the time', async () => {
    const keptTo = await newPromiseAccount(t, merchantId);
    const kept = await promise(keptTo, { ...localIn(t, 120), amount: '50.00' });
    const partialTo = await newPromiseAccount(t, merchantId);
    const partial = await promise(partialTo, { ...localIn(t, 120), amount: '100.00' });
    const brokenTo = await newPromiseAccount(t, merchantId);
    const broken = await promise(brokenTo, localIn(t, 120));
    const plainTo = await newPromiseAccount(t, merchantId);
    const plain = await promise(plainTo, localIn(t, 120));
    await payCash(keptTo, '50.00');
    await payCash(partialTo, '40.00');
    await payCash(plainTo, '1.00');

    // The time has passed, the grace not yet.
    t.clock.advance(3 * 60 * 60);
    await sweep();
    expect((await promiseNow(keptTo, kept.id)).outcome).toBe('open');

    t.clock.advance(24 * 60 * 60);
    await sweep();
    expect(await promiseNow(keptTo, kept.id)).toMatchObject({ outcome: 'kept', paid_cents: 5_000 });
    expect(await promiseNow(partialTo, partial.id)).toMatchObject({
      outcome: 'partially_kept',
      paid_cents: 4_000,
    });
    expect(await promiseNow(brokenTo, broken.id)).toMatchObject({ outcome: 'broken', paid_cents: 0 });
    expect(await promiseNow(plainTo, plain.id)).toMatchObject({ outcome: 'kept', paid_cents: 100 });
    expect((await promiseEventsOf(t, partialTo.customerId)).map((event) => event.kind)).toEqual([
      'promise.created',
      'promise.partially_kept',
    ]);
    // Decided once: another sweep changes nothing.
    await sweep();
    expect(await promiseEventsOf(t, brokenTo.customerId)).toHaveLength(2);
  });

  it('holds the decision while a payment on the account is still processing', async () => {
    const to = await newPromiseAccount(t, merchantId);
    const made = await promise(to, { ...localIn(t, 60), amount: '30.00' });
    const bank = await saveTestBankAccount(t, { merchantId, ...to }, '000123456789');
    const taken = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: await t.demoToken('staff'),
      json: { amount: '30.00', payment_method: bank },
      headers: { 'Idempotency-Key': `sweep-bank-${to.accountId}` },
    });
    expect(taken.body.status).toBe('PROCESSING');
    t.clock.advance(26 * 60 * 60);
    await sweep();
    expect(await promiseNow(to, made.id)).toMatchObject({ outcome: 'open', decided_at: null });
  });
});
