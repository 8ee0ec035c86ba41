import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sandboxProcessorRefunds } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { amountDueOf, newPayableAccount, saveTestCard, transactionsPath } from './payments-test-setup';
import {
  ledgerOfPayment,
  paymentRow,
  refundEventsOf,
  refundPayment,
  refundRowsOf,
  takePayment,
  type Refunds,
} from './refunds-test-setup';

// Refunds (issue 17 item 1): partial or full, from one payment or several of an account, the convenience fee
// kept or returned only when asked, never more than is left, each its own dated ledger event that raises the
// amount due, in the history, and only for who may refund.
describe('refunds', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let r: Refunds;

  const sandboxRefundsOf = (chargeId: string) =>
    t.database.db
      .select()
      .from(sandboxProcessorRefunds)
      .where(eq(sandboxProcessorRefunds.chargeId, chargeId));

  /** A new account owing $500 with a $100 card payment (2.95 % fee: $2.95) on a test card. */
  async function cardPayment(card = '4242424242424242') {
    const to = await newPayableAccount(t, r.merchantId, 50_000);
    const method = await saveTestCard(
      t,
      { merchantId: r.merchantId, customerId: to.customerId },
      card,
      'CREDIT',
    );
    const paid = await takePayment(r, to, { amount: '100.00', payment_method: method });
    expect(paid).toMatchObject({ status: 'PAID', payment: { fee_cents: 295 } });
    return { to, paid };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.demoToken('admin');
    staff = await t.demoToken('staff');
    r = { t, merchantId: await t.demoMerchantId(), token: () => admin };
  });
  afterAll(() => t.close());

  it('refunds part of a card payment with the fee kept: its own ledger entry, the amount due rises', async () => {
    const { to, paid } = await cardPayment();
    expect(await amountDueOf(t, to.accountId)).toBe(40_000);
    // A minute later: the refund is listed after (above) the payment, by its own time.
    t.clock.advance(60);
    const answer = await refundPayment(r, {
      payment: paid.id,
      total: '40.00',
      sources: [{ transaction: paid.id, amount: '40.00', convenience_fee: '0.00' }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      payment: paid.id,
      total_amount_cents: 4_000,
      total_no_fee_amount_cents: 4_000,
      fee_cents: 0,
      refunded_by: expect.stringMatching(/\S/),
      sources: [
        {
          transaction: { id: paid.id, total_amount_cents: 10_295 },
          payment_method: expect.stringMatching(/4242$/),
          method_kind: 'card',
          amount_cents: 4_000,
          convenience_fee_cents: 0,
          status: 'REFUND',
        },
      ],
    });
    expect(await amountDueOf(t, to.accountId)).toBe(44_000);
    expect((await ledgerOfPayment(r, paid.id)).map(({ kind, amountCents }) => [kind, amountCents])).toEqual([
      ['payment', 10_000],
      ['fee', 295],
      ['refund', -4_000],
    ]);
    const source = await paymentRow(r, paid.id);
    expect(source).toMatchObject({ status: 'paid', refundedCents: 4_000, feeRefundedCents: 0 });
    expect((await sandboxRefundsOf(source.processorChargeId!)).map((row) => row.amountCents)).toEqual([
      4_000,
    ]);

    // The account's payments show the refund as its own transaction beside the payment, with who made it.
    const list = await t.request(`${transactionsPath(r.merchantId, to)}?page=1&page_size=50`, {
      token: admin,
    });
    expect(list.body.results).toMatchObject([
      {
        status: 'REFUND',
        payment: { refund_of: paid.id, amount_cents: 4_000 },
        taken_by: expect.any(String),
      },
      { id: paid.id, status: 'PAID', payment: { refunded_cents: 4_000, fee_refunded_cents: 0 } },
    ]);
    const [event] = await refundEventsOf(r, to.customerId);
    expect(event?.details).toMatchObject({ payment_id: paid.id, amount_cents: 4_000, is_fee_kept: true });
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, paid.id));
    expect(audited.map((entry) => entry.action)).toEqual(['payment.refunded']);
  });

  it('partial refunds add up to at most the payment, principal and fee each', async () => {
    const { to, paid } = await cardPayment();
    const refund = (amount: string, fee: string) =>
      refundPayment(r, {
        payment: paid.id,
        total: ((Number(amount) * 100 + Number(fee) * 100) / 100).toFixed(2),
        sources: [{ transaction: paid.id, amount, convenience_fee: fee }],
      });
    expect((await refund('60.00', '0.00')).status).toBe(201);
    const tooMuch = await refund('40.01', '0.00');
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { 'sources.0.amount': ['Only $40.00 is left to refund on this payment.'] },
    });
    expect((await refund('40.00', '2.95')).status).toBe(201);
    expect((await refund('0.00', '0.01')).body).toEqual({
      'sources.0.convenience_fee': ['Only $0.00 of the convenience fee is left to refund.'],
    });
    // Everything went back; nothing went back twice.
    const source = await paymentRow(r, paid.id);
    expect(source).toMatchObject({ refundedCents: 10_000, feeRefundedCents: 295 });
    expect(await amountDueOf(t, to.accountId)).toBe(50_000);
    const atProcessor = await sandboxRefundsOf(source.processorChargeId!);
    expect(atProcessor.reduce((sum, row) => sum + row.amountCents, 0)).toBe(10_295);
    const whole = await refundPayment(r, { transaction: paid.id }, { action: 'refund_transaction' });
    expect(whole.body).toEqual({ transaction: ['This payment has already been refunded.'] });
  });

  it('a multi-source refund with a fee puts the fee-carrying source last; cash is recorded, the card refunded', async () => {
    const { to, paid: card } = await cardPayment();
    const cash = await takePayment(r, to, { amount: '50.00', method_kind: 'cash' });
    const answer = await refundPayment(r, {
      payment: card.id,
      total: '152.95',
      sources: [
        { transaction: card.id, amount: '100.00', convenience_fee: '2.95' },
        { transaction: cash.id, amount: '50.00' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      total_amount_cents: 15_295,
      total_no_fee_amount_cents: 15_000,
      fee_cents: 295,
    });
    expect(
      answer.body.sources.map((source: { transaction: { id: string } }) => source.transaction.id),
    ).toEqual([cash.id, card.id]);
    const rows = [...(await refundRowsOf(r, cash.id)), ...(await refundRowsOf(r, card.id))];
    expect(
      rows.map((row) => [row.methodKind, row.refundPosition, row.status, row.processorChargeId !== null]),
    ).toEqual([
      ['cash', 0, 'refunded', false],
      ['card', 1, 'refunded', true],
    ]);
    expect(await amountDueOf(t, to.accountId)).toBe(50_000);
    expect((await ledgerOfPayment(r, card.id)).map((entry) => entry.kind)).toEqual([
      'payment',
      'fee',
      'refund',
      'fee_refund',
    ]);
  });

  it('refuses unclear requests: the fee unsaid, a total that is not the sum, a foreign or unpaid source', async () => {
    const { to, paid } = await cardPayment();
    const silentFee = await refundPayment(r, {
      payment: paid.id,
      total: '10.00',
      sources: [{ transaction: paid.id, amount: '10.00' }],
    });
    expect(silentFee).toMatchObject({
      status: 400,
      body: { 'sources.0.convenience_fee': ['Choose whether the convenience fee is returned or kept.'] },
    });
    const wrongTotal = await refundPayment(r, {
      payment: paid.id,
      total: '12.00',
      sources: [{ transaction: paid.id, amount: '10.00', convenience_fee: '0.00' }],
    });
    expect(wrongTotal).toMatchObject({
      status: 400,
      body: { total: ['The total must be the sum of the sources.'] },
    });
    const other = await newPayableAccount(t, r.merchantId, 10_000);
    const elsewhere = await takePayment(r, other, { amount: '20.00', method_kind: 'cash' });
    const mixed = await refundPayment(r, {
      payment: paid.id,
      total: '21.00',
      sources: [
        { transaction: paid.id, amount: '1.00', convenience_fee: '0.00' },
        { transaction: elsewhere.id, amount: '20.00' },
      ],
    });
    expect(mixed.body).toEqual({
      'sources.1.transaction': ['A source must be a payment of the same customer and account.'],
    });
    const unknown = await refundPayment(r, {
      payment: '00000000-0000-4000-8000-000000000000',
      total: '1.00',
      sources: [{ transaction: '00000000-0000-4000-8000-000000000000', amount: '1.00' }],
    });
    expect(unknown).toMatchObject({ status: 400, body: { payment: ['Not found.'] } });
    const whole = await refundPayment(r, { transaction: paid.id }, { action: 'refund_transaction' });
    expect(whole.body).toEqual({ return_fee: ['Choose whether the convenience fee is returned or kept.'] });
    expect((await paymentRow(r, paid.id)).refundedCents).toBe(0);
    expect(await amountDueOf(t, to.accountId)).toBe(40_000);
  });

  it('refund_transaction gives back what is left, the fee only when asked', async () => {
    const { paid } = await cardPayment();
    const answer = await refundPayment(
      r,
      { transaction: paid.id, return_fee: false },
      { action: 'refund_transaction' },
    );
    expect(answer).toMatchObject({ status: 201, body: { total_amount_cents: 10_000, fee_cents: 0 } });
    const fee = await refundPayment(
      r,
      { transaction: paid.id, return_fee: true },
      { action: 'refund_transaction' },
    );
    expect(fee).toMatchObject({ status: 201, body: { total_amount_cents: 295, fee_cents: 295 } });
  });

  it('a refund the processor refuses fails, and what it had reserved can be refunded again', async () => {
    const { to, paid } = await cardPayment('4000000000005126');
    const answer = await refundPayment(
      r,
      { transaction: paid.id, return_fee: true },
      { action: 'refund_transaction' },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.sources).toMatchObject([{ status: 'FAILED', failure_code: 'refund_failed' }]);
    expect(await paymentRow(r, paid.id)).toMatchObject({ refundedCents: 0, feeRefundedCents: 0 });
    expect(await amountDueOf(t, to.accountId)).toBe(40_000);
    expect((await ledgerOfPayment(r, paid.id)).map((entry) => entry.kind)).toEqual(['payment', 'fee']);
  });

  it('is for who may refund (is_payment_refund_allowed): staff are refused', async () => {
    const to = await newPayableAccount(t, r.merchantId, 10_000);
    const cash = await takePayment(r, to, { amount: '20.00', method_kind: 'cash' });
    const answer = await refundPayment(
      r,
      { transaction: cash.id },
      { action: 'refund_transaction', token: staff },
    );
    expect(answer.status).toBe(403);
    expect((await paymentRow(r, cash.id)).refundedCents).toBe(0);
  });
});
