import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, ledgerEntries, merchants, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { amountDueOf, newPayableAccount, payOnAccount } from './payments-test-setup';

// Misc payments: a down payment taken at the counter before the customer has an account. It is paid at once,
// recorded in the ledger with no account, moves no amount due, and a retried request records it once.
describe('misc payments', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;
  let admin: string;
  let keys = 0;
  const path = () => `/api/merchants/${merchantId}/misc-payment/`;

  const take = (body: Record<string, unknown>, key: string | null = `misc-${++keys}`) =>
    t.request(path(), {
      method: 'POST',
      token: staff,
      json: body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  /** A $1,500.00 down payment by check 2210 for a new customer whose account owes $400.00. */
  const takeCheckDownPayment = async (description: string) => {
    const to = await newPayableAccount(t, merchantId, 40_000);
    const answer = await take({
      customer_id: to.customerId,
      amount: '1500.00',
      method_kind: 'check',
      description,
      note: '2210',
    });
    return { to, answer };
  };

  const ledgerOfPayment = (paymentId: string) =>
    t.database.db
      .select({
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        accountId: ledgerEntries.accountId,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId));

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    admin = await t.demoToken('admin');
  });
  afterAll(() => t.close());

  it('a down payment is paid at once, in the ledger with no account, and moves no amount due', async () => {
    const { to, answer } = await takeCheckDownPayment('Down payment — 2019 Camry');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'PAID',
      payment: {
        customer_id: to.customerId,
        account_id: null,
        method_kind: 'check',
        method_label: 'Check 2210',
        note: 'Down payment — 2019 Camry',
        amount_cents: 150_000,
        fee_cents: 0,
        total_amount_cents: 150_000,
      },
    });
    expect(await ledgerOfPayment(answer.body.id)).toEqual([
      { kind: 'payment', amountCents: 150_000, accountId: null },
    ]);
    expect(await amountDueOf(t, to.accountId)).toBe(40_000);

    const listed = await t.request(`${path()}?customer_id=${to.customerId}`, { token: staff });
    expect(listed.body).toMatchObject({
      count: 1,
      results: [
        {
          id: answer.body.id,
          customer: { id: to.customerId, first_name: 'Paula', last_name: 'Payer' },
          taken_by: 'Taylor Staff',
        },
      ],
    });
  });

  it('lists a refund of a misc payment as a REFUND row beside it, and no refund of an account payment', async () => {
    const { to, answer: paid } = await takeCheckDownPayment('Down payment');
    const onAccount = await payOnAccount(t, { merchantId, token: staff }, to, {
      amount: '100.00',
      method_kind: 'cash',
    });
    t.clock.advance(60);
    const refund = (token: string, payment: string, amount: string) =>
      t.request(`/api/merchants/${merchantId}/refund_payment/`, {
        method: 'POST',
        token,
        json: { payment, total: amount, sources: [{ transaction: payment, amount }] },
        headers: { 'Idempotency-Key': `misc-refund-${++keys}` },
      });
    // is_payment_refund_allowed: staff may take a misc payment but not give it back.
    expect((await refund(staff, paid.body.id, '500.00')).status).toBe(403);
    expect((await refund(admin, paid.body.id, '500.00')).status).toBe(201);
    expect((await refund(admin, onAccount.body.id, '40.00')).status).toBe(201);

    expect(await ledgerOfPayment(paid.body.id)).toEqual([
      { kind: 'payment', amountCents: 150_000, accountId: null },
      { kind: 'refund', amountCents: -50_000, accountId: null },
    ]);
    const listed = await t.request(`${path()}?customer_id=${to.customerId}`, { token: staff });
    expect(listed.body).toMatchObject({
      count: 2,
      results: [
        {
          status: 'REFUND',
          payment: {
            refund_of: paid.body.id,
            amount_cents: 50_000,
            account_id: null,
            method_label: 'Check 2210',
          },
          customer: { id: to.customerId, first_name: 'Paula', last_name: 'Payer' },
          taken_by: 'Alex Admin',
        },
        {
          id: paid.body.id,
          status: 'PAID',
          payment: { refunded_cents: 50_000, refund_of: null },
          taken_by: 'Taylor Staff',
        },
      ],
    });
  });

  it('the same Idempotency-Key records it once; the key with another request is refused', async () => {
    const to = await newPayableAccount(t, merchantId);
    const body = { customer_id: to.customerId, amount: '250', method_kind: 'cash', description: 'Deposit' };
    const [first, second] = await Promise.all([take(body, 'misc-twice'), take(body, 'misc-twice')]);
    expect(second.body.id).toBe(first.body.id);
    const rows = await t.database.db.select().from(payments).where(eq(payments.customerId, to.customerId));
    expect(rows).toHaveLength(1);
    expect(await ledgerOfPayment(first.body.id)).toHaveLength(1);
    expect(await take({ ...body, amount: '251' }, 'misc-twice')).toMatchObject({
      status: 409,
      body: { detail: 'This Idempotency-Key was already used for a different payment.' },
    });
  });

  it('refuses bad input with field errors, and another merchant’s or a voided customer', async () => {
    const to = await newPayableAccount(t, merchantId);
    expect(
      await take({ customer_id: to.customerId, amount: '0.50', method_kind: 'cash', description: 'x' }),
    ).toMatchObject({ status: 400, body: { amount: ['Payment must be larger than $1.00'] } });
    expect(
      await take({ customer_id: to.customerId, amount: '10', method_kind: 'cash', description: ' ' }),
    ).toMatchObject({ status: 400, body: { description: ['This field may not be blank.'] } });

    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Misc Motors' }).returning();
    const [rivalCustomer] = await t.database.db
      .insert(customers)
      .values({ merchantId: rival!.id, firstName: 'Rita', lastName: 'Rival' })
      .returning();
    const [voided] = await t.database.db
      .insert(customers)
      .values({ merchantId, firstName: 'Vera', lastName: 'Voided', voidedAt: t.clock.now() })
      .returning();
    for (const customerId of [rivalCustomer!.id, voided!.id, 'not-a-uuid']) {
      expect(
        await take({ customer_id: customerId, amount: '10', method_kind: 'cash', description: 'Deposit' }),
      ).toMatchObject({ status: 400, body: { customer_id: ['Not found.'] } });
    }
    const rivalRows = await t.database.db.select().from(payments).where(eq(payments.merchantId, rival!.id));
    expect(rivalRows).toEqual([]);
  });
});
