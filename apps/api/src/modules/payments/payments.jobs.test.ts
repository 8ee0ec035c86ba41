import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { waitUntil } from '../../test/wait';
import { paymentSchedules, RECONCILE_PAYMENTS_JOB, SANDBOX_WEBHOOKS_JOB } from './payments.jobs';
import { newPayableAccount, saveTestCard, transactionsPath } from './payments-test-setup';

// The reconciler as the worker runs it: registered with the app's jobs, scheduled every minute, and doing
// its work when the queue hands it a run.
describe('the payments reconcile job', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { jobs: true });
  });
  afterAll(() => t.close());

  it('is scheduled every minute and settles a lost answer when the queue runs it', async () => {
    expect(paymentSchedules).toEqual([
      { name: RECONCILE_PAYMENTS_JOB, cron: '* * * * *' },
      { name: SANDBOX_WEBHOOKS_JOB, cron: '* * * * *' },
    ]);
    const merchantId = await t.demoMerchantId();
    const staff = await t.demoToken('staff');
    const to = await newPayableAccount(t, merchantId, 20_000);
    const method = await saveTestCard(t, { merchantId, ...to }, '4000000000000341', 'CREDIT');
    const taken = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: staff,
      headers: { 'Idempotency-Key': 'job-lost-answer' },
      json: { amount: '25.00', payment_method: method },
    });
    expect(taken.body.status).toBe('PENDING');

    t.clock.advance(61);
    await t.queue!.send(RECONCILE_PAYMENTS_JOB, {});
    await waitUntil(async () => {
      const listed = await t.request(transactionsPath(merchantId, to), { token: staff });
      expect(listed.body.results[0]).toMatchObject({ id: taken.body.id, status: 'PAID' });
    });
  });
});
