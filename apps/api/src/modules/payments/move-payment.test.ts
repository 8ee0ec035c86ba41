import { paymentMoveMessages } from '@paylane/shared/contracts/payment-moves';
import { messages } from '@paylane/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  customerEvents,
  customers,
  merchants,
  paymentMoves,
  payments,
  refunds,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  saveTestCard,
  startPaymentTestApp,
  transactionsPath,
  type AccountRef,
  type PaymentTestApp,
} from './payments-test-setup';
import { postLedgerEntries } from './payments.repository';

// move_payment (issue 17 item 3): a posted payment moves to another account of the merchant through the ledger
// (an adjustment on each side), both amounts due in one transaction, audited, in both customers' histories,
// and once however often it is asked.
describe('moving a payment', () => {
  let t: TestApp;
  let merchantId: string;
  let admin: string;
  let staff: string;
  let pay: PaymentTestApp['pay'];
  let keys = 0;

  const move = (
    from: AccountRef,
    paymentId: string,
    account: string,
    options: { key?: string | null; token?: string } = {},
  ) =>
    t.request(`${transactionsPath(merchantId, from)}${paymentId}/move_payment/`, {
      method: 'POST',
      token: options.token ?? admin,
      json: { to_account: account },
      headers: options.key === null ? {} : { 'Idempotency-Key': options.key ?? `move-${++keys}` },
    });
  const eventsOf = (customerId: string) =>
    t.database.db
      .select({ accountId: customerEvents.accountId, details: customerEvents.details })
      .from(customerEvents)
      .where(and(eq(customerEvents.customerId, customerId), eq(customerEvents.kind, 'payment.moved')));

  beforeAll(async () => {
    ({ t, merchantId, admin, staff, pay } = await startPaymentTestApp());
  });
  afterAll(() => t.close());

  it('moves the principal between both amounts due through the ledger, audited, in both histories', async () => {
    const from = await newPayableAccount(t, merchantId, 50_000);
    const to = await newPayableAccount(t, merchantId, 30_000);
    const card = await saveTestCard(t, { merchantId, ...from }, '4242424242424242', 'CREDIT');
    const paid = await pay(from, { amount: '100.00', payment_method: card });
    expect(await amountDueOf(t, from.accountId)).toBe(40_000);

    const moved = await move(from, paid.id, to.accountId);
    expect(moved).toMatchObject({
      status: 200,
      body: {
        amount_cents: 10_000,
        transaction: {
          id: paid.id,
          status: 'PAID',
          payment: { account_id: to.accountId, customer_id: to.customerId },
        },
        from_account: { id: from.accountId, customer_id: from.customerId, amount_due_cents: 50_000 },
        to_account: { id: to.accountId, customer_id: to.customerId, amount_due_cents: 20_000 },
      },
    });
    expect(await amountDueOf(t, from.accountId)).toBe(50_000);
    expect(await amountDueOf(t, to.accountId)).toBe(20_000);
    expect(await ledgerOf(t, from.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
      { kind: 'adjustment', amountCents: -10_000 },
    ]);
    expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'adjustment', amountCents: 10_000 }]);

    const [fromEvent] = await eventsOf(from.customerId);
    const [toEvent] = await eventsOf(to.customerId);
    expect(fromEvent).toMatchObject({
      accountId: from.accountId,
      details: {
        payment_id: paid.id,
        amount_cents: 10_000,
        direction: 'out',
        to_account: { id: to.accountId },
      },
    });
    expect(toEvent).toMatchObject({
      accountId: to.accountId,
      details: { direction: 'in', from_account: { id: from.accountId } },
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, paid.id));
    expect(audit).toMatchObject({
      action: 'payment.moved',
      before: { account_id: from.accountId },
      after: { account_id: to.accountId, amount_cents: 10_000 },
    });

    // The payment's page on the new account lists it; the old one no longer does.
    const listed = await t.request(transactionsPath(merchantId, to), { token: staff });
    expect(listed.body.results.map((row: { id: string }) => row.id)).toEqual([paid.id]);
    expect((await t.request(transactionsPath(merchantId, from), { token: staff })).body.count).toBe(0);
  });

  it('a retry moves once: the same key, a repeat without one, and two requests at once', async () => {
    const from = await newPayableAccount(t, merchantId, 50_000);
    const to = await newPayableAccount(t, merchantId, 50_000);
    const cash = await pay(from, { amount: '60.00', method_kind: 'cash' });
    const racing = await Promise.all([
      move(from, cash.id, to.accountId, { key: 'move-once' }),
      move(from, cash.id, to.accountId, { key: 'move-once-too' }),
    ]);
    expect(racing.map((answer) => answer.status)).toEqual([200, 200]);
    expect(racing[1]!.body.id).toBe(racing[0]!.body.id);
    const again = await move(from, cash.id, to.accountId, { key: 'move-once' });
    const repeated = await move(from, cash.id, to.accountId, { key: null });
    expect([again.body.id, repeated.body.id]).toEqual([racing[0]!.body.id, racing[0]!.body.id]);
    expect(await amountDueOf(t, from.accountId)).toBe(50_000);
    expect(await amountDueOf(t, to.accountId)).toBe(44_000);
    expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'adjustment', amountCents: 6_000 }]);
    const moves = await t.database.db.select().from(paymentMoves).where(eq(paymentMoves.paymentId, cash.id));
    expect(moves).toHaveLength(1);

    // The key the move was stored under (whichever racing request won) used for another move: refused.
    const elsewhere = await newPayableAccount(t, merchantId, 50_000);
    const key = moves[0]!.idempotencyKey;
    expect(await move(from, cash.id, elsewhere.accountId, { key })).toMatchObject({
      status: 409,
      body: { detail: paymentMoveMessages.keyReused },
    });
  });

  it('a failure half-way leaves both accounts, the payment and the ledger as they were', async () => {
    const from = await newPayableAccount(t, merchantId, 50_000);
    const to = await newPayableAccount(t, merchantId, 50_000);
    const cash = await pay(from, { amount: '80.00', method_kind: 'cash' });
    // The history insert comes after the ledger entries and the payment's new account: make it fail.
    await t.database.db.execute(sql`
      create function fail_payment_moved() returns trigger language plpgsql as $$
      begin raise exception 'history unavailable'; end; $$`);
    await t.database.db.execute(sql`
      create trigger fail_payment_moved before insert on customer_events
      for each row when (new.kind = 'payment.moved') execute function fail_payment_moved()`);
    try {
      expect((await move(from, cash.id, to.accountId, { key: 'half-way' })).status).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger fail_payment_moved on customer_events`);
      await t.database.db.execute(sql`drop function fail_payment_moved()`);
    }
    expect(await amountDueOf(t, from.accountId)).toBe(42_000);
    expect(await amountDueOf(t, to.accountId)).toBe(50_000);
    expect(await ledgerOf(t, from.accountId)).toEqual([{ kind: 'payment', amountCents: 8_000 }]);
    expect(await ledgerOf(t, to.accountId)).toEqual([]);
    const listed = await t.request(transactionsPath(merchantId, from), { token: staff });
    expect(listed.body.results[0]).toMatchObject({ id: cash.id, payment: { account_id: from.accountId } });

    // The same request once the database is well again moves it, once.
    expect((await move(from, cash.id, to.accountId, { key: 'half-way' })).status).toBe(200);
    expect(await amountDueOf(t, to.accountId)).toBe(42_000);
  });

  it('moves what is left after a refund, and waits for a refund still under way', async () => {
    const from = await newPayableAccount(t, merchantId, 50_000);
    const to = await newPayableAccount(t, merchantId, 50_000);
    const card = await saveTestCard(t, { merchantId, ...from }, '4242424242424242', 'CREDIT');
    const paid = await pay(from, { amount: '100.00', payment_method: card });
    // A card refund sent to the processor and not answered yet: reserved, no ledger entries.
    const { db } = t.database;
    const [refund] = await db
      .insert(refunds)
      .values({
        merchantId,
        paymentId: paid.id,
        customerId: from.customerId,
        accountId: from.accountId,
        idempotencyKey: 'pending-refund',
        requestDigest: 'x',
        totalCents: 2_000,
        feeCents: 0,
      })
      .returning();
    const [pending] = await db
      .insert(payments)
      .values({
        merchantId,
        customerId: from.customerId,
        accountId: from.accountId,
        kind: 'refund',
        channel: 'staff',
        methodKind: 'card',
        amountCents: 2_000,
        status: 'pending',
        idempotencyKey: 'pending-refund:0',
        requestDigest: 'x',
        refundOfPaymentId: paid.id,
        refundId: refund!.id,
      })
      .returning();
    expect((await move(from, paid.id, to.accountId)).body).toEqual({
      non_field_errors: [paymentMoveMessages.refundUnderWay],
    });
    // Refunded: the ledger takes the $20.00 back on the first account; the $80.00 left moves.
    await db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, pending!.id));
    await postLedgerEntries(db, [
      {
        merchantId,
        paymentId: paid.id,
        accountId: from.accountId,
        kind: 'refund',
        amountCents: -2_000,
        occurredAt: t.clock.now(),
      },
    ]);
    expect(await amountDueOf(t, from.accountId)).toBe(42_000);
    const moved = await move(from, paid.id, to.accountId);
    expect(moved.body).toMatchObject({ amount_cents: 8_000 });
    expect(await amountDueOf(t, from.accountId)).toBe(50_000);
    expect(await amountDueOf(t, to.accountId)).toBe(42_000);
  });

  it("refuses another merchant's account, the same account, an unpaid payment, a closed account, and staff", async () => {
    const from = await newPayableAccount(t, merchantId, 50_000);
    const cash = await pay(from, { amount: '20.00', method_kind: 'cash' });
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Motors' }).returning();
    const [rivalCustomer] = await t.database.db
      .insert(customers)
      .values({ merchantId: rival!.id, firstName: 'Ron', lastName: 'Rival' })
      .returning();
    const [rivalAccount] = await t.database.db
      .insert(accounts)
      .values({ merchantId: rival!.id, customerId: rivalCustomer!.id, amountDueCents: 10_000 })
      .returning();
    expect(await move(from, cash.id, rivalAccount!.id)).toMatchObject({
      status: 400,
      body: { to_account: [paymentMoveMessages.otherMerchant] },
    });
    expect((await move(from, cash.id, from.accountId)).body).toEqual({
      to_account: [paymentMoveMessages.sameAccount],
    });
    const closed = await newPayableAccount(t, merchantId, 10_000);
    await t.database.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, closed.accountId));
    expect((await move(from, cash.id, closed.accountId)).body).toEqual({
      to_account: [messages.accountInactive],
    });
    const to = await newPayableAccount(t, merchantId, 10_000);
    expect((await move(from, cash.id, to.accountId, { token: staff })).status).toBe(403);

    const card = await saveTestCard(t, { merchantId, ...from }, '4000000000000002', 'CREDIT');
    const declined = await pay(from, { amount: '20.00', payment_method: card });
    expect((await move(from, declined.id, to.accountId)).body).toEqual({
      non_field_errors: [paymentMoveMessages.notPaid],
    });
    expect((await move(from, cash.id, 'not-an-id')).body).toEqual({
      to_account: [paymentMoveMessages.otherMerchant],
    });
    expect(await amountDueOf(t, from.accountId)).toBe(48_000);
    expect(await amountDueOf(t, rivalAccount!.id)).toBe(10_000);
    expect(await amountDueOf(t, to.accountId)).toBe(10_000);
  });
});
