import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, sandboxProcessorRefunds } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { waitUntil } from '../../test/wait';
import { newPayableAccount, saveTestCard } from './payments-test-setup';
import { reserveRefund } from './refunds.repository';
import {
  ledgerOfPayment,
  newRefundKey,
  paymentRow,
  refundPayment,
  takePayment,
  type Refunds,
} from './refunds-test-setup';

const isPostgres = process.env.PAYLANE_TEST_DB === 'postgres';

// Nothing refunded twice (issue 17 Done-when): two refunds of one payment at once never take more than is
// left — the database holds the line, not only the service — and a retried request refunds once.
describe('refund races and retries', () => {
  let t: TestApp;
  let r: Refunds;
  let admin: string;

  const cashPayment = async (amount = '100.00') => {
    const to = await newPayableAccount(t, r.merchantId, 50_000);
    return takePayment(r, to, { amount, method_kind: 'cash' });
  };
  const sixty = (id: string, key = newRefundKey()) =>
    refundPayment(
      r,
      { payment: id, total: '60.00', sources: [{ transaction: id, amount: '60.00' }] },
      { key },
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.demoToken('admin');
    r = { t, merchantId: await t.demoMerchantId(), token: () => admin };
  });
  afterAll(() => t.close());

  it('two refunds of $60 on a $100 payment at once: one is made, the other refused', async () => {
    const cash = await cashPayment();
    const answers = await Promise.all([sixty(cash.id), sixty(cash.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(await paymentRow(r, cash.id)).toMatchObject({ refundedCents: 6_000 });
    expect((await ledgerOfPayment(r, cash.id)).filter((entry) => entry.kind === 'refund')).toHaveLength(1);
  });

  it('the same at the processor: four refunds of a card payment at once refund at most what it was', async () => {
    const to = await newPayableAccount(t, r.merchantId, 50_000);
    const method = await saveTestCard(
      t,
      { merchantId: r.merchantId, customerId: to.customerId },
      '4000056655665556',
      'DEBIT',
    );
    const card = await takePayment(r, to, { amount: '100.00', payment_method: method });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => refundPayment(r, { transaction: card.id }, { action: 'refund_transaction' })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const row = await paymentRow(r, card.id);
    expect(row.refundedCents).toBe(10_000);
    const atProcessor = await t.database.db
      .select()
      .from(sandboxProcessorRefunds)
      .where(eq(sandboxProcessorRefunds.chargeId, row.processorChargeId!));
    expect(atProcessor.map((refund) => refund.amountCents)).toEqual([10_000]);
  });

  it('the database itself refuses a count beyond the payment (payments_refunded_within)', async () => {
    const cash = await cashPayment('20.00');
    const write = t.database.db
      .update(payments)
      .set({ refundedCents: sql`${payments.amountCents} + 1` })
      .where(eq(payments.id, cash.id));
    await expect(write).rejects.toThrow();
    expect(
      await reserveRefund(t.database.db, {
        merchantId: r.merchantId,
        paymentId: cash.id,
        amountCents: 2_001,
        feeCents: 0,
      }),
    ).toBeNull();
  });

  // On PostgreSQL, truly concurrently: a refund holds the payment's row while another request plans and then
  // waits on that lock; once the first commits, the second sees nothing left and is refused.
  it.skipIf(!isPostgres)('a refund waiting on another’s lock is refused once that one commits', async () => {
    const cash = await cashPayment();
    let second: ReturnType<typeof sixty> | null = null;
    await t.database.db.transaction(async (tx) => {
      const held = await reserveRefund(tx, {
        merchantId: r.merchantId,
        paymentId: cash.id,
        amountCents: 6_000,
        feeCents: 0,
      });
      expect(held).not.toBeNull();
      second = sixty(cash.id);
      await waitUntil(async () => {
        const waiting = await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(waiting.rows[0]?.n).toBeGreaterThan(0);
      });
    });
    const answer = await second!;
    expect(answer).toMatchObject({
      status: 400,
      body: {
        'sources.0.amount': [
          'More than is left on this payment would be refunded; it was refunded meanwhile.',
        ],
      },
    });
    expect(await paymentRow(r, cash.id)).toMatchObject({ refundedCents: 6_000 });
  });

  it('a retried refund request (the same Idempotency-Key) refunds once, even three at once', async () => {
    const to = await newPayableAccount(t, r.merchantId, 50_000);
    const method = await saveTestCard(
      t,
      { merchantId: r.merchantId, customerId: to.customerId },
      '4000056655665556',
      'DEBIT',
    );
    const card = await takePayment(r, to, { amount: '80.00', payment_method: method });
    const key = newRefundKey();
    const body = { payment: card.id, total: '30.00', sources: [{ transaction: card.id, amount: '30.00' }] };
    const first = await refundPayment(r, body, { key });
    const again = await refundPayment(r, body, { key });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const together = await Promise.all(
      [1, 2, 3].map(() =>
        refundPayment(
          r,
          { ...body, total: '10.00', sources: [{ transaction: card.id, amount: '10.00' }] },
          { key: 'same-key-at-once' },
        ),
      ),
    );
    expect(new Set(together.map((answer) => answer.body.id)).size).toBe(1);
    const row = await paymentRow(r, card.id);
    expect(row.refundedCents).toBe(4_000);
    const atProcessor = await t.database.db
      .select()
      .from(sandboxProcessorRefunds)
      .where(eq(sandboxProcessorRefunds.chargeId, row.processorChargeId!));
    expect(atProcessor.map((refund) => refund.amountCents).sort()).toEqual([1_000, 3_000]);
    const other = await refundPayment(
      r,
      { ...body, total: '5.00', sources: [{ transaction: card.id, amount: '5.00' }] },
      { key },
    );
    expect(other).toMatchObject({
      status: 409,
      body: { detail: 'This Idempotency-Key was already used for a different refund.' },
    });
  });
});
