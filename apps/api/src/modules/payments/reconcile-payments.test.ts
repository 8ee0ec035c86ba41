import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  sandboxChargesFor,
  saveTestBankAccount,
  saveTestCard,
  transactionsPath,
  type AccountRef,
} from './payments-test-setup';
import { reconcileOpenPayments } from './reconcile-payments.service';

// The sweep that settles open payments: bank debits once the processor settles or returns them, a lost answer
// nobody retried, and a payment that never reached the processor. The sandbox's clock is the test's.
describe('reconciling open payments', () => {
  let t: TestApp;
  let merchantId: string;
  let reconcile: () => Promise<{ checked: number; moved: number }>;
  let keys = 0;

  const pay = async (to: AccountRef, body: Record<string, unknown>) =>
    (
      await t.request(transactionsPath(merchantId, to), {
        method: 'POST',
        token: await t.demoToken('staff'),
        json: body,
        headers: { 'Idempotency-Key': `reconcile-${++keys}` },
      })
    ).body;
  // Signed in afresh each time: the tests move the clock past an access token's lifetime.
  const transactions = async (to: AccountRef) =>
    (await t.request(transactionsPath(merchantId, to), { token: await t.demoToken('staff') })).body.results;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    const ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log, now: t.clock.now });
    reconcile = () => reconcileOpenPayments(ctx);
  });
  afterAll(() => t.close());

  it('a bank debit is processing until the processor settles it, then paid once', async () => {
    const to = await newPayableAccount(t, merchantId, 40_000);
    const method = await saveTestBankAccount(t, { merchantId, ...to }, '000123456789');
    const taken = await pay(to, { amount: '150.00', payment_method: method });
    expect(taken).toMatchObject({ status: 'PROCESSING', payment: { method_kind: 'bank', fee_cents: 0 } });
    await reconcile();
    expect((await transactions(to))[0].status).toBe('PROCESSING');
    expect(await ledgerOf(t, to.accountId)).toEqual([]);

    t.clock.advance(t.config.payments.sandbox.bankSettleMs / 1000 + 1);
    await reconcile();
    expect((await transactions(to))[0]).toMatchObject({ id: taken.id, status: 'PAID' });
    expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'payment', amountCents: 15_000 }]);
    expect(await amountDueOf(t, to.accountId)).toBe(25_000);

    await Promise.all([reconcile(), reconcile()]);
    expect(await ledgerOf(t, to.accountId)).toHaveLength(1);
  });

  it('a returned bank debit ends RETURNED with its code and never reaches the ledger', async () => {
    const to = await newPayableAccount(t, merchantId, 40_000);
    const method = await saveTestBankAccount(t, { merchantId, ...to }, '000222222227');
    const taken = await pay(to, { amount: '150.00', payment_method: method });
    t.clock.advance(t.config.payments.sandbox.bankSettleMs / 1000 + 1);
    await reconcile();
    expect((await transactions(to))[0]).toMatchObject({
      id: taken.id,
      status: 'RETURNED',
      payment: { failure_code: 'R01', failure_message: 'Insufficient funds', paid_at: null },
    });
    expect(await ledgerOf(t, to.accountId)).toEqual([]);
    expect(await amountDueOf(t, to.accountId)).toBe(40_000);
  });

  it('a lost answer nobody retried is found after the grace minute and paid once', async () => {
    const to = await newPayableAccount(t, merchantId, 40_000);
    const method = await saveTestCard(t, { merchantId, ...to }, '4000000000000341', 'CREDIT');
    const taken = await pay(to, { amount: '100.00', payment_method: method });
    expect(taken.status).toBe('PENDING');
    await reconcile();
    expect((await transactions(to))[0].status).toBe('PENDING');

    t.clock.advance(61);
    await reconcile();
    expect((await transactions(to))[0]).toMatchObject({ id: taken.id, status: 'PAID' });
    expect(await sandboxChargesFor(t, taken.id)).toHaveLength(1);
    expect(await ledgerOf(t, to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
    ]);
  });

  it('a payment that never reached the processor fails after 15 minutes and is never sent', async () => {
    const to = await newPayableAccount(t, merchantId, 40_000);
    const method = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    // What a crash before the processor call leaves behind: the row, and nothing at the processor.
    const [row] = await t.database.db
      .insert(payments)
      .values({
        merchantId,
        ...to,
        kind: 'account',
        channel: 'staff',
        methodKind: 'card',
        paymentMethodId: method,
        amountCents: 10_000,
        status: 'pending',
        idempotencyKey: 'never-sent',
        requestDigest: 'x',
        processor: 'sandbox',
        processorAccountId: '',
        createdAt: t.clock.now(),
      })
      .returning();
    t.clock.advance(5 * 60);
    await reconcile();
    expect((await transactions(to))[0].status).toBe('PENDING');

    t.clock.advance(11 * 60);
    await reconcile();
    expect((await transactions(to))[0]).toMatchObject({
      id: row!.id,
      status: 'FAILED',
      payment: { failure_code: 'not_sent' },
    });
    expect(await sandboxChargesFor(t, row!.id)).toEqual([]);
    expect(await ledgerOf(t, to.accountId)).toEqual([]);
  });
});
