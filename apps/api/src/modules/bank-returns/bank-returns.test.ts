import { bankReturnMessages } from '@paylane/shared/contracts/bank-returns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, processorEvents } from '../../db/schema';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../providers/payments/sandbox/sandbox-webhooks';
import { amountDueOf, ledgerOf } from '../payments/payments-test-setup';
import { SANDBOX_WEBHOOK_PATH } from '../payments/processor-webhooks.routes';
import { startReturnsTestApp, SETTLE_SECONDS, type ReturnsTestApp } from './bank-returns-test-setup';
import { representDueReturns } from './represent.service';

// Sandbox return simulation (issue 18, "Done when"): the processor's webhooks bring each return, on a clock the
// test moves; the rules by code act once — R01 re-presented (never a third time), R02 retires the method, R10
// stops autopay and shows on the account — and a return after settlement reverses the payment in the ledger.
describe('bank payment returns', () => {
  let r: ReturnsTestApp;
  const DAY_SECONDS = 86_400;
  const settle = async () => {
    await r.announce();
    r.t.clock.advance(SETTLE_SECONDS + 1);
    await r.announce();
  };
  const represent = () => representDueReturns(r.ctx);

  beforeAll(async () => {
    r = await startReturnsTestApp();
    // The demo's own bank payments are announced first, so each test sees only its own.
    await r.announce();
  });
  afterAll(() => r.t.close());

  it('R01 is re-presented a few days later, once, and settles on the second try', async () => {
    const { to, methodId } = await r.newBankAccount('000222222235');
    const taken = await r.pay(to, methodId);
    expect(taken.body.status).toBe('PROCESSING');
    await settle();
    expect(await r.paymentOf(taken.body.id)).toMatchObject({ status: 'returned', failureCode: 'R01' });
    expect(await ledgerOf(r.t, to.accountId)).toEqual([]);
    expect(await r.returnRowOf(taken.body.id)).toMatchObject({
      action: 'represent',
      representNumber: 1,
      wasSettled: false,
    });
    expect(await represent()).toBe(0);

    r.t.clock.advance(3 * DAY_SECONDS);
    expect(await represent()).toBe(1);
    expect(await represent()).toBe(0);
    const [again] = await r.representedPayments(taken.body.id);
    expect(again).toMatchObject({ idempotencyKey: `represent:${taken.body.id}:1`, status: 'processing' });
    await settle();
    expect((await r.paymentOf(again!.id)).status).toBe('paid');
    expect(await ledgerOf(r.t, to.accountId)).toEqual([{ kind: 'payment', amountCents: 10_000 }]);
    expect(await amountDueOf(r.t, to.accountId)).toBe(40_000);
    const report = await r.returnsOfAccount(to);
    expect(report.body.results).toMatchObject([
      { transaction_id: taken.body.id, code: 'R01', action_taken: 'Re-presented (1 of 2)' },
    ]);
    expect(await r.eventKindsOf(to.customerId)).toEqual(
      expect.arrayContaining(['payment.returned', 'payment.represented']),
    );
  });

  it('re-presents at most twice: a third return is recorded and left', async () => {
    const { to, methodId } = await r.newBankAccount('000222222227');
    const taken = await r.pay(to, methodId);
    await settle();
    for (const n of [1, 2]) {
      r.t.clock.advance(3 * DAY_SECONDS);
      expect(await represent()).toBe(1);
      const made = await r.representedPayments(taken.body.id);
      expect(made).toHaveLength(n);
      await settle();
      expect((await r.paymentOf(made[n - 1]!.id)).status).toBe('returned');
    }
    const [, second] = await r.representedPayments(taken.body.id);
    expect(await r.returnRowOf(second!.id)).toMatchObject({
      originalPaymentId: taken.body.id,
      action: 'none',
      actionNote: bankReturnMessages.noThirdRepresentment,
    });
    r.t.clock.advance(30 * DAY_SECONDS);
    expect(await represent()).toBe(0);
    expect(await r.representedPayments(taken.body.id)).toHaveLength(2);
    expect(await ledgerOf(r.t, to.accountId)).toEqual([]);
  });

  it('R02 retires the method, asks the customer for a new one, and the method is never charged again', async () => {
    const { to, methodId } = await r.newBankAccount('000111111113');
    const taken = await r.pay(to, methodId);
    await settle();
    expect(await r.returnRowOf(taken.body.id)).toMatchObject({ code: 'R02', action: 'retire_method' });
    expect(await r.methodOf(methodId)).toMatchObject({ retiredReason: 'R02 Account closed' });
    const methods = await r.t.request(
      `/api/merchants/${r.merchantId}/customers/${to.customerId}/payment_methods/`,
      { token: await r.t.demoToken('staff') },
    );
    expect(methods.body.results).toMatchObject([{ id: methodId, is_retired: true }]);
    const refused = await r.pay(to, methodId);
    expect(refused).toMatchObject({
      status: 400,
      body: { payment_method: [bankReturnMessages.methodRetired] },
    });
    expect(await r.textKeysOf(taken.body.id)).toEqual(['PAYMENT_FAILED', 'UNCONFIRMED_PAYMENT_METHOD']);
    expect(await r.eventKindsOf(to.customerId)).toEqual(
      expect.arrayContaining(['payment.returned', 'payment_method.retired']),
    );
  });

  it('R10 after settlement reverses the payment in the ledger, stops autopay and shows on the account', async () => {
    const { to, methodId } = await r.newBankAccount('000444444440');
    await r.t.database.db.update(accounts).set({ autopayEnabled: true }).where(eq(accounts.id, to.accountId));
    const taken = await r.pay(to, methodId);
    await settle();
    expect((await r.paymentOf(taken.body.id)).status).toBe('paid');
    expect(await amountDueOf(r.t, to.accountId)).toBe(40_000);

    r.t.clock.advance(SETTLE_SECONDS + 1);
    await r.announce();
    const returned = await r.paymentOf(taken.body.id);
    expect(returned).toMatchObject({ status: 'returned', failureCode: 'R10' });
    expect(returned.paidAt).not.toBeNull();
    expect(await ledgerOf(r.t, to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'return', amountCents: -10_000 },
    ]);
    expect(await amountDueOf(r.t, to.accountId)).toBe(50_000);
    expect((await r.accountOf(to.accountId)).autopayEnabled).toBe(false);
    const shown = await r.returnsOfAccount(to);
    expect(shown.body.results).toMatchObject([
      { code: 'R10', was_settled: true, action: 'stop_autopay', action_taken: 'Autopay stopped' },
    ]);
    expect(await r.eventKindsOf(to.customerId)).toEqual(
      expect.arrayContaining(['payment.returned', 'autopay.stopped']),
    );
  });

  it('duplicate and out-of-order return events change nothing more than one in order would', async () => {
    // Processing, settled and returned all waiting, then delivered newest first and twice each.
    const late = await r.newBankAccount('000444444440');
    const lateTaken = await r.pay(late.to, late.methodId);
    await r.collect();
    r.t.clock.advance(SETTLE_SECONDS + 1);
    await r.collect();
    r.t.clock.advance(SETTLE_SECONDS + 1);
    await r.collect();
    await r.announce('duplicate_and_reorder');
    expect((await r.paymentOf(lateTaken.body.id)).status).toBe('returned');
    expect(await ledgerOf(r.t, late.to.accountId)).toEqual([]);
    expect(await amountDueOf(r.t, late.to.accountId)).toBe(50_000);
    expect(await r.returnRowOf(lateTaken.body.id)).toMatchObject({ wasSettled: false, code: 'R10' });

    // A settled payment returned by hand at the sandbox's bank; its event delivered twice, then a forged
    // repeat under another event id: one reversal, one return row.
    const { to, methodId } = await r.newBankAccount('000123456789');
    const taken = await r.pay(to, methodId);
    await settle();
    const paid = await r.paymentOf(taken.body.id);
    expect(paid.status).toBe('paid');
    const returnPath = `/api/sandbox-processor/charges/${paid.processorChargeId}/return/`;
    expect(await r.t.request(returnPath, { method: 'POST', json: { code: 'R01' } })).toMatchObject({
      status: 200,
    });
    expect(await r.t.request(returnPath, { method: 'POST', json: { code: 'R01' } })).toMatchObject({
      status: 400,
    });
    expect(await r.announce('duplicate')).toEqual({ delivered: 1, failed: 0 });
    const body = JSON.stringify({
      id: 'sbx_evt_repeat',
      type: 'charge.returned',
      account: '',
      data: {
        object: {
          processorChargeId: paid.processorChargeId,
          reference: paid.id,
          amountCents: 10_000,
          status: 'returned',
          failureCode: 'R01',
          failureMessage: 'Insufficient funds',
        },
      },
    });
    const repeat = await r.t.request(SANDBOX_WEBHOOK_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(
          body,
          r.t.config.payments.sandbox.webhookSecret,
          r.t.clock.now(),
        ),
      },
      body,
    });
    expect(repeat.status).toBe(200);
    expect(await ledgerOf(r.t, to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'return', amountCents: -10_000 },
    ]);
    expect(await amountDueOf(r.t, to.accountId)).toBe(50_000);
    expect(await r.returnRowOf(paid.id)).toMatchObject({
      action: 'represent',
      representNumber: 1,
      wasSettled: true,
    });
    const seen = await r.t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.paymentId, paid.id));
    expect(seen.map((event) => event.type).sort()).toEqual([
      'charge.processing',
      'charge.returned',
      'charge.returned',
      'charge.succeeded',
    ]);
  });

  it('lists every return in the ach-return report, by code and date, with the return-rate gauge', async () => {
    const admin = await r.t.demoToken('admin');
    const all = await r.t.request(`/api/merchants/${r.merchantId}/ach_return_report/?page_size=100`, {
      token: admin,
    });
    expect(all.status).toBe(200);
    const codes = all.body.results.map((row: { code: string }) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['R01', 'R02', 'R10']));
    const r02 = await r.t.request(`/api/merchants/${r.merchantId}/ach_return_report/?code=R02`, {
      token: admin,
    });
    expect(r02.body.results.every((row: { code: string }) => row.code === 'R02')).toBe(true);
    expect(r02.body.results[0]).toMatchObject({ action_taken: 'Method retired', amount_cents: 10_000 });
    const past = await r.t.request(
      `/api/merchants/${r.merchantId}/ach_return_report/?start=2020-01-01&end=2020-01-31`,
      { token: admin },
    );
    expect(past.body).toMatchObject({ count: 0, results: [] });

    const rates = await r.t.request(`/api/merchants/${r.merchantId}/ach_return_rates/`, { token: admin });
    expect(rates.status).toBe(200);
    expect(rates.body).toMatchObject({ window_days: 60 });
    const byCategory = Object.fromEntries(
      rates.body.rates.map((rate: { category: string }) => [rate.category, rate]),
    );
    expect(byCategory.unauthorized).toMatchObject({ threshold_percent: 0.5, is_over: true });
    expect(byCategory.administrative.threshold_percent).toBe(3);
    expect(byCategory.overall.threshold_percent).toBe(15);
    expect(byCategory.overall.returns).toBeGreaterThanOrEqual(byCategory.unauthorized.returns);
    expect(rates.body.debits).toBeGreaterThanOrEqual(byCategory.overall.returns);
  });
});
