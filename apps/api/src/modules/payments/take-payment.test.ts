import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  accounts,
  customers,
  ledgerEntries,
  merchantAccounts,
  merchants,
  paymentMethods,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  sandboxChargesFor,
  saveTestCard,
  transactionsPath,
} from './payments-test-setup';

// Taking a payment on an account: cash is paid at once, a saved card goes through the sandbox processor with
// its fee line, the ledger moves the amount due, and no retry or double click charges twice.
describe('take payment', () => {
  let t: TestApp;
  let db: Db;
  let merchantId: string;
  let staff: string;
  let admin: string;
  let keys = 0;

  const newKey = () => `take-payment-${++keys}`;

  const newAccount = (amountDueCents?: number) => newPayableAccount(t, merchantId, amountDueCents);
  const saveCard = (customerId: string, number: string, paymentType: 'CREDIT' | 'DEBIT') =>
    saveTestCard(t, { merchantId, customerId }, number, paymentType);

  const pay = (
    to: { customerId: string; accountId: string },
    body: Record<string, unknown>,
    options: { token?: string; key?: string | null } = {},
  ) =>
    t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: options.token ?? staff,
      json: body,
      headers: options.key === null ? {} : { 'Idempotency-Key': options.key ?? newKey() },
    });

  const amountDue = (accountId: string) => amountDueOf(t, accountId);
  const ledger = (accountId: string) => ledgerOf(t, accountId);
  const sandboxCharges = (paymentId: string) => sandboxChargesFor(t, paymentId);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    admin = await t.demoToken('admin');
    // The demo's processing accounts carry a 2.95 % card fee (docs/product.md §2 merchant accounts).
    const [processing] = await db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.merchantId, merchantId));
    expect(processing).toMatchObject({ processor: 'sandbox', status: 'active', cardFeeBasisPoints: 295 });
  });
  afterAll(() => t.close());

  it('cash is paid at once: the amount due drops and the ledger holds the payment', async () => {
    const to = await newAccount(50_000);
    const answer = await pay(to, { amount: '125.50', method_kind: 'cash' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'PAID',
      payment: {
        method_kind: 'cash',
        method_label: 'Cash',
        amount_cents: 12_550,
        fee_cents: 0,
        total_amount_cents: 12_550,
      },
    });
    expect(await amountDue(to.accountId)).toBe(50_000 - 12_550);
    expect(await ledger(to.accountId)).toEqual([{ kind: 'payment', amountCents: 12_550 }]);

    t.clock.advance(60);
    const check = await pay(to, { amount: '20', method_kind: 'check', note: '1042' });
    expect(check.body.payment.method_label).toBe('Check 1042');
    const listed = await t.request(transactionsPath(merchantId, to), { token: staff });
    expect(listed.body).toMatchObject({
      count: 2,
      next: null,
      results: [{ id: check.body.id }, { id: answer.body.id }],
    });
  });

  it('a credit card carries the fee as its own line; the amount due drops by the principal only', async () => {
    const to = await newAccount(50_000);
    const method = await saveCard(to.customerId, '4242424242424242', 'CREDIT');
    const answer = await pay(to, { amount: '100.00', payment_method: method });
    expect(answer.body).toMatchObject({
      status: 'PAID',
      payment: {
        method_kind: 'card',
        method_label: 'VISA •••• 4242',
        amount_cents: 10_000,
        fee_cents: 295,
        total_amount_cents: 10_295,
      },
    });
    const [charge] = await sandboxCharges(answer.body.id);
    expect(charge!.amountCents).toBe(10_295);
    expect(await amountDue(to.accountId)).toBe(40_000);
    expect(await ledger(to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
    ]);
  });

  it('no fee on a debit or prepaid card', async () => {
    const to = await newAccount();
    for (const [number, type] of [
      ['4000056655665556', 'DEBIT'],
      ['4000080000000004', 'DEBIT'],
    ] as const) {
      const answer = await pay(to, {
        amount: '100.00',
        payment_method: await saveCard(to.customerId, number, type),
      });
      expect(answer.body).toMatchObject({
        status: 'PAID',
        payment: { fee_cents: 0, total_amount_cents: 10_000 },
      });
    }
  });

  it('waiving the fee needs the permission: staff are refused, an admin waives it', async () => {
    const to = await newAccount();
    const method = await saveCard(to.customerId, '5555555555554444', 'CREDIT');
    const refused = await pay(to, { amount: '50.00', payment_method: method, waive_fee: true });
    expect(refused).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to waive the convenience fee.' },
    });
    expect(await ledger(to.accountId)).toEqual([]);
    const waived = await pay(
      to,
      { amount: '50.00', payment_method: method, waive_fee: true },
      { token: admin },
    );
    expect(waived.body).toMatchObject({ status: 'PAID', payment: { fee_cents: 0, fee_waived: true } });
  });

  it('a declined card leaves no charge, shows the decline reason and keeps the amount due', async () => {
    const to = await newAccount(30_000);
    const method = await saveCard(to.customerId, '4000000000009995', 'CREDIT');
    const answer = await pay(to, { amount: '100.00', payment_method: method });
    expect(answer.body).toMatchObject({
      status: 'FAILED',
      payment: {
        failure_code: 'insufficient_funds',
        failure_message: 'Your card has insufficient funds.',
        paid_at: null,
      },
    });
    expect(await ledger(to.accountId)).toEqual([]);
    expect(await amountDue(to.accountId)).toBe(30_000);
  });

  it('a retried request and five parallel clicks with one key charge once; the key with another body is refused', async () => {
    const to = await newAccount(90_000);
    const method = await saveCard(to.customerId, '4242424242424242', 'CREDIT');
    const key = newKey();
    const first = await pay(to, { amount: '100.00', payment_method: method }, { key });
    const again = await pay(to, { amount: '100.00', payment_method: method }, { key });
    expect(again.body).toEqual(first.body);

    const clickKey = newKey();
    const clicks = await Promise.all(
      [1, 2, 3, 4, 5].map(() => pay(to, { amount: '200.00', payment_method: method }, { key: clickKey })),
    );
    expect(new Set(clicks.map((click) => click.body.id)).size).toBe(1);
    expect(clicks.every((click) => click.body.status === 'PAID')).toBe(true);
    expect(await sandboxCharges(clicks[0]!.body.id)).toHaveLength(1);
    expect(await ledger(to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
      { kind: 'payment', amountCents: 20_000 },
      { kind: 'fee', amountCents: 590 },
    ]);

    const reused = await pay(to, { amount: '150.00', payment_method: method }, { key });
    expect(reused).toMatchObject({
      status: 409,
      body: { detail: 'This Idempotency-Key was already used for a different payment.' },
    });
  });

  it('an answer lost on the way back leaves the payment pending; the retry finds the one charge at the processor', async () => {
    const to = await newAccount(40_000);
    const method = await saveCard(to.customerId, '4000000000000341', 'CREDIT');
    const key = newKey();
    const first = await pay(to, { amount: '100.00', payment_method: method }, { key });
    expect(first.body).toMatchObject({ status: 'PENDING', payment: { paid_at: null } });
    expect(await sandboxCharges(first.body.id)).toHaveLength(1);
    expect(await amountDue(to.accountId)).toBe(40_000);

    const retry = await pay(to, { amount: '100.00', payment_method: method }, { key });
    expect(retry.body).toMatchObject({ id: first.body.id, status: 'PAID' });
    expect(await sandboxCharges(first.body.id)).toHaveLength(1);
    expect(await ledger(to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
    ]);
    expect(await amountDue(to.accountId)).toBe(30_000);
  });

  it('refuses amounts under $1.00 and outside the merchant’s limits, and a paid account', async () => {
    const to = await newAccount(50_000);
    expect(await pay(to, { amount: '0.99', method_kind: 'cash' })).toMatchObject({
      status: 400,
      body: { amount: ['Payment must be larger than $1.00'] },
    });
    expect(await pay(to, { amount: '', method_kind: 'cash' })).toMatchObject({
      status: 400,
      body: { amount: ['Amount Due is Required'] },
    });
    await db
      .update(merchants)
      .set({ minPaymentAmountCents: 500, maxPaymentAmountCents: 20_000 })
      .where(eq(merchants.id, merchantId));
    try {
      expect((await pay(to, { amount: '4.99', method_kind: 'cash' })).body).toEqual({
        amount: ['Requested payment amount is less than the minimum allowed'],
      });
      expect((await pay(to, { amount: '200.01', method_kind: 'cash' })).body).toEqual({
        amount: ['Requested payment amount is greater than the maximum allowed'],
      });
    } finally {
      await db
        .update(merchants)
        .set({ minPaymentAmountCents: 100, maxPaymentAmountCents: null })
        .where(eq(merchants.id, merchantId));
    }
    const paidUp = await newAccount(0);
    expect(await pay(paidUp, { amount: '10.00', method_kind: 'cash' })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['This account has already been paid'] },
    });
    expect(await ledger(to.accountId)).toEqual([]);
  });

  it('refuses another customer’s method, a method with no processor token, and another merchant’s account', async () => {
    const to = await newAccount();
    const other = await newAccount();
    const othersMethod = await saveCard(other.customerId, '4242424242424242', 'CREDIT');
    expect(await pay(to, { amount: '10.00', payment_method: othersMethod })).toMatchObject({
      status: 400,
      body: { payment_method: ['Not found.'] },
    });
    const [imported] = await db
      .insert(paymentMethods)
      .values({ merchantId, customerId: to.customerId, paymentType: 'CREDIT', nickname: 'From the DMS' })
      .returning();
    expect((await pay(to, { amount: '10.00', payment_method: imported!.id })).body).toEqual({
      payment_method: ['This payment method cannot be charged; add it again.'],
    });
    expect((await pay(to, { amount: '10.00' })).body).toEqual({
      payment_method: ['Choose a saved payment method or cash, check or money order'],
    });
    const [rival] = await db.insert(merchants).values({ name: 'Rival Payments Autos' }).returning();
    const [rivalCustomer] = await db
      .insert(customers)
      .values({ merchantId: rival!.id, firstName: 'R', lastName: 'R' })
      .returning();
    const [rivalAccount] = await db
      .insert(accounts)
      .values({ merchantId: rival!.id, customerId: rivalCustomer!.id, amountDueCents: 10_000 })
      .returning();
    const answer = await pay(
      { customerId: rivalCustomer!.id, accountId: rivalAccount!.id },
      { amount: '10.00', method_kind: 'cash' },
    );
    expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await amountDue(rivalAccount!.id)).toBe(10_000);
  });

  it('the ledger is append-only', async () => {
    const to = await newAccount();
    await pay(to, { amount: '10.00', method_kind: 'cash' });
    const where = eq(ledgerEntries.accountId, to.accountId);
    await expect(db.update(ledgerEntries).set({ amountCents: 1 }).where(where)).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(where)).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    expect(await ledger(to.accountId)).toEqual([{ kind: 'payment', amountCents: 1_000 }]);
  });

  it('a card or bank payment needs an active processing account; cash does not', async () => {
    const to = await newAccount(20_000);
    const method = await saveCard(to.customerId, '4242424242424242', 'CREDIT');
    const { db: database } = t.database;
    await database
      .update(merchantAccounts)
      .set({ status: 'inactive' })
      .where(eq(merchantAccounts.merchantId, merchantId));
    try {
      expect(await pay(to, { amount: '10.00', payment_method: method })).toMatchObject({
        status: 400,
        body: {
          non_field_errors: ['The merchant has no active processing account to take card or bank payments.'],
        },
      });
      expect((await pay(to, { amount: '10.00', method_kind: 'money_order' })).body).toMatchObject({
        status: 'PAID',
        payment: { method_label: 'Money order' },
      });
    } finally {
      await database
        .update(merchantAccounts)
        .set({ status: 'active' })
        .where(eq(merchantAccounts.merchantId, merchantId));
    }
  });
});
