import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@paylane/shared/messages';
import { createAppContext, type AppContext } from '../../context';
import { accounts, autopayRuns, sandboxProcessorCharges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { zonedInstant } from '../../jobs/zoned-time';
import { createJobs } from '../../worker';
import { saveTestCard } from '../payments/payments-test-setup';
import { claimFirstAttempts } from './autopay-run.repository';
import { AUTOPAY_CLAIM_STALE_MINUTES, chargeRun, runMerchantAutopay } from './autopay-run.service';
import { AUTOPAY_JOB, AUTOPAY_LOCAL_TIME, autopayCrons } from './autopay.jobs';
import {
  autopayPaymentsOf,
  autopayPath,
  DEMO_ZONE,
  enrol,
  localDay,
  newAutopayAccount,
  runsOf,
  textKeysOf,
  type AccountRef,
} from './autopay-test-setup';

const DAY_S = 86_400;

// The nightly autopay run on a controlled clock (issue 18 item 2): each due account charged once per due date
// (two runs racing, a repeat, a crashed claim), no convenience fee, soft declines retried on the bounded
// schedule, hard declines not, PAYMENT_FAILED once per failed payment; the reports read the runs.
describe('the nightly autopay run', () => {
  let t: TestApp;
  let ctx: AppContext;
  let merchantId: string;
  const run = (localDate = localDay(t)) =>
    runMerchantAutopay(ctx, { merchantId, timeZone: DEMO_ZONE, localDate });
  const chargesOf = (paymentId: string) =>
    t.database.db
      .select()
      .from(sandboxProcessorCharges)
      .where(eq(sandboxProcessorCharges.reference, paymentId));
  const enrolled = async (input: { card?: string; dueDate?: string; amountDueCents?: number } = {}) => {
    const to = await newAutopayAccount(t, merchantId, {
      dueDate: input.dueDate ?? localDay(t),
      amountDueCents: input.amountDueCents ?? 45_000,
    });
    const method = await saveTestCard(t, { merchantId, ...to }, input.card ?? '4242424242424242', 'CREDIT');
    const answer = await enrol(t, { merchantId, token: await t.demoToken('admin') }, to, {
      payment_method: method,
    });
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
    return { ...to, method };
  };
  const setDueDate = (to: AccountRef, dueDate: string) =>
    t.database.db.update(accounts).set({ dueDate }).where(eq(accounts.id, to.accountId));
  /** An enrolled account due today, claimed by a worker (as a run does before charging) that goes no further. */
  const claimedDueToday = async () => {
    const to = await enrolled();
    await setDueDate(to, localDay(t));
    const claimed = await claimFirstAttempts(t.database.db, {
      merchantId,
      dueDate: localDay(t),
      now: t.clock.now(),
      limit: 1000,
    });
    const claim = claimed.find((row) => row.accountId === to.accountId);
    if (!claim) throw new Error('the account due today was not claimed');
    return { to, claim };
  };

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log, now: t.clock.now });
  });
  afterAll(() => t.close());

  it('is a merchant cron of the worker, at 06:00 on the merchant’s clock', () => {
    expect(AUTOPAY_LOCAL_TIME).toBe('06:00');
    expect(autopayCrons(ctx).map((cron) => cron.job.name)).toEqual([AUTOPAY_JOB]);
    expect(createJobs(ctx).map((job) => job.name)).toContain(AUTOPAY_JOB);
  });

  it('charges each due account once with no convenience fee, even with two runs racing and a repeat', async () => {
    const due = await enrolled();
    const tomorrow = await enrolled({ dueDate: localDay(t, 1) });
    const off = await newAutopayAccount(t, merchantId, { dueDate: localDay(t) });

    await Promise.all([run(), run()]);
    await run();
    const [payment, ...more] = await autopayPaymentsOf(t, due.accountId);
    expect(more).toEqual([]);
    // The same card at the counter carries the demo merchant's fee; autopay never does.
    expect(payment).toMatchObject({
      status: 'paid',
      amountCents: 45_000,
      feeCents: 0,
      channel: 'autopay',
      idempotencyKey: `autopay:${due.accountId}:${localDay(t)}`,
    });
    expect(await chargesOf(payment!.id)).toHaveLength(1);
    expect(await runsOf(t, due.accountId)).toMatchObject([
      { attempt: 1, status: 'paid', paymentId: payment!.id },
    ]);
    expect(await autopayPaymentsOf(t, tomorrow.accountId)).toEqual([]);
    expect(await autopayPaymentsOf(t, off.accountId)).toEqual([]);
  });

  it('retries a soft decline a day and three days later, then stops; a hard decline is not retried', async () => {
    const today = localDay(t);
    const soft = await enrolled({ card: '4000000000009995' });
    const hard = await enrolled({ card: '4000000000000069' });
    await run(today);

    const [softRun] = await runsOf(t, soft.accountId);
    expect(softRun).toMatchObject({ attempt: 1, status: 'failed', failureCode: 'insufficient_funds' });
    expect(softRun?.nextAttemptAt?.toISOString()).toBe(
      zonedInstant(DEMO_ZONE, localDay(t, 1), '00:00').toISOString(),
    );
    expect(await runsOf(t, hard.accountId)).toMatchObject([
      { attempt: 1, status: 'failed', failureCode: 'expired_card', nextAttemptAt: null },
    ]);
    // PAYMENT_FAILED once per failed payment (the payments module's text), nothing doubled.
    const [failedPayment] = await autopayPaymentsOf(t, soft.accountId);
    expect((await textKeysOf(t, soft.customerId)).filter((key) => key.endsWith('PAYMENT_FAILED'))).toEqual([
      `payment:${failedPayment!.id}:PAYMENT_FAILED`,
    ]);

    // Nothing more the same day; the next day attempt 2, under its own key.
    await run(today);
    expect(await runsOf(t, soft.accountId)).toHaveLength(1);
    t.clock.advance(DAY_S);
    await run(localDay(t));
    const afterSecond = await runsOf(t, soft.accountId);
    expect(afterSecond).toMatchObject([{ attempt: 1 }, { attempt: 2, status: 'failed' }]);
    expect(afterSecond[1]?.idempotencyKey).toBe(`autopay:${soft.accountId}:${today}:2`);
    expect(afterSecond[1]?.nextAttemptAt?.toISOString()).toBe(
      zonedInstant(DEMO_ZONE, localDay(t, 2), '00:00').toISOString(),
    );
    // Day 3 after the due date: the last attempt; later runs add none.
    t.clock.advance(2 * DAY_S);
    await run(localDay(t));
    t.clock.advance(5 * DAY_S);
    await run(localDay(t));
    const all = await runsOf(t, soft.accountId);
    expect(all.map((row) => [row.attempt, row.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
    expect(all[2]?.nextAttemptAt).toBeNull();
    expect(await runsOf(t, hard.accountId)).toHaveLength(1);
    expect(await autopayPaymentsOf(t, soft.accountId)).toHaveLength(3);
  });

  it('charges the replaced card on the retry after a soft decline', async () => {
    const today = localDay(t);
    const to = await enrolled({ card: '4000000000009995' });
    await run(today);
    await t.request(autopayPath(merchantId, to), { method: 'DELETE', token: await t.demoToken('admin') });
    const newCard = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    expect(
      (await enrol(t, { merchantId, token: await t.demoToken('admin') }, to, { payment_method: newCard }))
        .status,
    ).toBe(201);
    t.clock.advance(DAY_S);
    await run(localDay(t));
    expect((await runsOf(t, to.accountId)).map((row) => row.status)).toEqual(['failed', 'paid']);
    const paid = (await autopayPaymentsOf(t, to.accountId)).filter((row) => row.status === 'paid');
    expect(paid).toMatchObject([{ paymentMethodId: newCard, amountCents: 45_000 }]);
  });

  it('takes over a crashed run’s claim once it is stale, and charges it once', async () => {
    // A worker claimed the account and died before charging.
    const { to } = await claimedDueToday();
    await run();
    expect(await autopayPaymentsOf(t, to.accountId)).toEqual([]);
    t.clock.advance((AUTOPAY_CLAIM_STALE_MINUTES + 1) * 60);
    await Promise.all([run(), run()]);
    const [payment, ...more] = await autopayPaymentsOf(t, to.accountId);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ status: 'paid' });
    expect(await chargesOf(payment!.id)).toHaveLength(1);
  });

  it('takes over a claim whose worker was paid and died before recording it: paid once, nothing charged again', async () => {
    const { to, claim } = await claimedDueToday();
    // The worker charged and committed the paid payment (the amount due is now 0), then died: its claim is
    // put back as it was before the outcome was written.
    expect(await chargeRun(ctx, claim)).toBe('paid');
    await t.database.db
      .update(autopayRuns)
      .set({ status: 'claimed', paymentId: null, amountCents: null, finishedAt: null })
      .where(eq(autopayRuns.id, claim.id));

    t.clock.advance((AUTOPAY_CLAIM_STALE_MINUTES + 1) * 60);
    expect(await run()).toMatchObject({ charged: 1, skipped: 0 });
    const [payment, ...more] = await autopayPaymentsOf(t, to.accountId);
    expect(more).toEqual([]);
    expect(await chargesOf(payment!.id)).toHaveLength(1);
    expect((await runsOf(t, to.accountId)).map((row) => [row.status, row.paymentId])).toEqual([
      ['paid', payment!.id],
    ]);
  });

  it('reports the runs: the summary by day and the failures with customer, account, reason and attempt', async () => {
    const failing = await enrolled({ card: '4000000000000069', amountDueCents: 12_300 });
    await run();
    const summary = await t.request(`/api/merchants/${merchantId}/autopay_summary/`, {
      token: await t.demoToken('admin'),
    });
    expect(summary.status).toBe(200);
    expect(summary.body.enrolled).toBeGreaterThan(0);
    expect(summary.body.charged).toBeGreaterThan(0);
    expect(summary.body.failed).toBeGreaterThan(0);
    const day = summary.body.days.find((row: { date: string }) => row.date === localDay(t));
    expect(day.failed_cents).toBeGreaterThanOrEqual(12_300);

    const failures = await t.request(`/api/merchants/${merchantId}/autopay_failures/?page_size=100`, {
      token: await t.demoToken('admin'),
    });
    expect(failures.status).toBe(200);
    const row = failures.body.results.find(
      (result: { account: { id: string } }) => result.account.id === failing.accountId,
    );
    expect(row).toMatchObject({
      customer: { id: failing.customerId, first_name: 'Avery' },
      attempt: 1,
      amount_cents: 12_300,
      failure_code: 'expired_card',
      reason: 'Your card has expired.',
      next_attempt_at: null,
    });
  });

  it('a charge refused before any payment is a failed action staff resolve by hand', async () => {
    // Below the merchant's minimum payment: take-payment refuses it before anything reaches the processor.
    const refused = await enrolled({ amountDueCents: 50 });
    expect(await run()).toMatchObject({ failed: 1 });
    expect(await autopayPaymentsOf(t, refused.accountId)).toEqual([]);
    const staff = await t.demoToken('staff');
    const actionsPath = `/api/merchants/${merchantId}/failed-actions/`;
    const listed = await t.request(`${actionsPath}?kind=autopay`, { token: staff });
    const actions = listed.body.results.filter(
      (action: { account: { id: string } | null }) => action.account?.id === refused.accountId,
    );
    expect(actions).toMatchObject([
      {
        kind: 'autopay',
        state: 'open',
        customer: { id: refused.customerId },
        payment_id: null,
        reason_code: 'refused',
        reason_message: messages.paymentBelowMin,
        is_retryable: false,
      },
    ]);
    const retried = await t.request(`${actionsPath}${actions[0].id}/retry/`, {
      method: 'POST',
      token: staff,
    });
    expect(retried).toMatchObject({ status: 400, body: { detail: messages.manualResolve } });
    const resolved = await t.request(`${actionsPath}${actions[0].id}/resolve/`, {
      method: 'POST',
      token: staff,
    });
    expect(resolved).toMatchObject({ status: 200, body: { state: 'resolved' } });
    // The night's run again: nothing left to claim, no second action.
    await run();
    const again = await t.request(`${actionsPath}?kind=autopay`, { token: staff });
    expect(
      again.body.results.filter(
        (action: { account: { id: string } | null }) => action.account?.id === refused.accountId,
      ),
    ).toHaveLength(1);
  });
});
