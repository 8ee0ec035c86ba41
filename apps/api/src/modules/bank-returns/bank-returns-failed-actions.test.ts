import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@paylane/shared/messages';
import { insertPayment } from '../payments/payments.repository';
import { chargePayment } from '../payments/payment-outcomes';
import { paymentMethods } from '../../db/schema';
import {
  startReturnsTestApp,
  SETTLE_SECONDS,
  type AccountRef,
  type ReturnsTestApp,
} from './bank-returns-test-setup';
import { representDueReturns } from './represent.service';

// A bank return no re-presentment follows becomes a failed action (issue 18 item 4), read through the list
// API: its code and meaning, whether a retry can help (a retired method: yes, on the customer's new method;
// unauthorized or out of re-presentments: no), and one action per original payment for a re-presented chain.
describe('bank returns as failed actions', () => {
  let r: ReturnsTestApp;
  const DAY_SECONDS = 86_400;
  const settle = async () => {
    await r.announce();
    r.t.clock.advance(SETTLE_SECONDS + 1);
    await r.announce();
  };
  const actionsPath = () => `/api/merchants/${r.merchantId}/failed-actions/`;
  /** The customer's actions, as staff read the list. */
  const actionsOf = async (customerId: string) => {
    const page = await r.t.request(`${actionsPath()}?page_size=1000`, {
      token: await r.t.demoToken('staff'),
    });
    expect(page.status).toBe(200);
    return page.body.results.filter(
      (action: { customer: { id: string } | null }) => action.customer?.id === customerId,
    );
  };
  const retry = async (id: string) =>
    r.t.request(`${actionsPath()}${id}/retry/`, { method: 'POST', token: await r.t.demoToken('staff') });

  /** A bank debit made as the nightly autopay run makes it: channel autopay, under autopay:{account}:{due}. */
  const autopayDebit = async (to: AccountRef, methodId: string) => {
    const [method] = await r.t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, methodId));
    const row = await insertPayment(r.t.database.db, {
      merchantId: r.merchantId,
      ...to,
      kind: 'account',
      channel: 'autopay',
      methodKind: 'bank',
      paymentMethodId: methodId,
      methodLabel: 'Checking',
      amountCents: 10_000,
      status: 'pending',
      idempotencyKey: `autopay:${to.accountId}:2026-11-28`,
      requestDigest: 'autopay',
      processor: 'sandbox',
      processorAccountId: '',
      createdAt: r.t.clock.now(),
    });
    return chargePayment(r.ctx, row!, method!.processorToken!);
  };

  beforeAll(async () => {
    r = await startReturnsTestApp();
    await r.announce();
  });
  afterAll(() => r.t.close());

  it('R02: retryable; the retry needs a new method, charges it and resolves the action', async () => {
    const { to, methodId } = await r.newBankAccount('000111111113');
    const taken = await r.pay(to, methodId);
    await settle();
    expect((await r.paymentOf(taken.body.id)).status).toBe('returned');
    const [action] = await actionsOf(to.customerId);
    expect(await actionsOf(to.customerId)).toHaveLength(1);
    expect(action).toMatchObject({
      kind: 'payment',
      state: 'open',
      customer: { id: to.customerId, first_name: 'Rita', last_name: 'Returns' },
      account: { id: to.accountId },
      payment_id: taken.body.id,
      amount: 10_000,
      reason_code: 'R02',
      reason_message: 'R02 Account closed',
      is_retryable: true,
    });
    // The method is retired: with no other, a retry cannot help.
    expect(await retry(action.id)).toMatchObject({ status: 400, body: { detail: messages.manualResolve } });

    const newMethodId = await r.addMethod(to.customerId, '000123456789');
    const retried = await retry(action.id);
    expect(retried).toMatchObject({ status: 200, body: { state: 'retried', retry_count: 1 } });
    expect(retried.body.resolved_at).not.toBeNull();
    const charge = await r.paymentOf(retried.body.retry_payment_id);
    expect(charge).toMatchObject({ paymentMethodId: newMethodId, status: 'processing', amountCents: 10_000 });
    await settle();
    expect((await r.paymentOf(charge.id)).status).toBe('paid');
    expect(await actionsOf(to.customerId)).toMatchObject([{ id: action.id, state: 'retried' }]);
  });

  it('R10 on an autopay debit: kind autopay, not retryable (a new authorization is needed)', async () => {
    const { to, methodId } = await r.newBankAccount('000333333335');
    const debit = await autopayDebit(to, methodId);
    expect(debit.status).toBe('processing');
    await settle();
    expect((await r.paymentOf(debit.id)).status).toBe('returned');
    const actions = await actionsOf(to.customerId);
    expect(actions).toMatchObject([
      {
        kind: 'autopay',
        payment_id: debit.id,
        account: { id: to.accountId },
        reason_code: 'R10',
        reason_message: 'R10 Customer advises not authorized',
        is_retryable: false,
      },
    ]);
    expect(await retry(actions[0].id)).toMatchObject({
      status: 400,
      body: { detail: messages.manualResolve },
    });
  });

  it('R01 is re-presented without an action; the chain that runs out leaves one, on its latest payment', async () => {
    const { to, methodId } = await r.newBankAccount('000222222227');
    const taken = await r.pay(to, methodId);
    await settle();
    expect(await actionsOf(to.customerId)).toEqual([]);
    for (const n of [1, 2]) {
      r.t.clock.advance(3 * DAY_SECONDS);
      expect(await representDueReturns(r.ctx)).toBe(1);
      await settle();
      const made = await r.representedPayments(taken.body.id);
      expect((await r.paymentOf(made[n - 1]!.id)).status).toBe('returned');
      // The first re-presentment's return is re-presented again: still nothing for staff.
      if (n === 1) expect(await actionsOf(to.customerId)).toEqual([]);
    }
    const [, last] = await r.representedPayments(taken.body.id);
    expect(await actionsOf(to.customerId)).toMatchObject([
      {
        kind: 'payment',
        payment_id: last!.id,
        reason_code: 'R01',
        reason_message: 'R01 Insufficient funds',
        is_retryable: false,
      },
    ]);
  });
});
