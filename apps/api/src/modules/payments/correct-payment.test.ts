import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerEvents } from '../../db/schema';
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

// update_payment_status: a cash, check or money order payment recorded as paid that was not is marked FAILED
// by someone allowed to undo money, with an adjustment in the ledger instead of an edit, once.
describe('correcting a counter payment', () => {
  let t: TestApp;
  let merchantId: string;
  let admin: string;
  let staff: string;
  let pay: PaymentTestApp['pay'];

  const correct = (to: AccountRef, id: string, body: Record<string, unknown>, token = admin) =>
    t.request(`${transactionsPath(merchantId, to)}${id}/update_payment_status/`, {
      method: 'POST',
      token,
      json: body,
    });

  beforeAll(async () => {
    ({ t, merchantId, admin, staff, pay } = await startPaymentTestApp());
  });
  afterAll(() => t.close());

  it('a bounced check becomes FAILED once: the ledger takes the principal back and the amount due rises', async () => {
    const to = await newPayableAccount(t, merchantId, 30_000);
    const check = await pay(to, { amount: '120.00', method_kind: 'check', note: '2001' });
    expect(await amountDueOf(t, to.accountId)).toBe(18_000);

    const corrected = await correct(to, check.id, { status: 'FAILED', reason: 'Check 2001 bounced' });
    expect(corrected).toMatchObject({
      status: 200,
      body: {
        id: check.id,
        status: 'FAILED',
        payment: { failure_code: 'corrected', failure_message: 'Check 2001 bounced' },
      },
    });
    expect(await ledgerOf(t, to.accountId)).toEqual([
      { kind: 'payment', amountCents: 12_000 },
      { kind: 'adjustment', amountCents: -12_000 },
    ]);
    expect(await amountDueOf(t, to.accountId)).toBe(30_000);

    const again = await correct(to, check.id, { reason: 'Twice' });
    expect(again).toMatchObject({
      status: 400,
      body: { status: ['Only a PAID payment can be marked FAILED.'] },
    });
    expect(await ledgerOf(t, to.accountId)).toHaveLength(2);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, check.id));
    expect(audit).toMatchObject({
      action: 'payment.status_updated',
      after: { status: 'FAILED', reason: 'Check 2001 bounced' },
    });
    const events = await t.database.db
      .select()
      .from(customerEvents)
      .where(eq(customerEvents.customerId, to.customerId));
    expect(events.map((event) => event.kind)).toContain('payment.corrected');
  });

  it('needs the right to undo money, a reason, a counter payment, and the payment’s own account', async () => {
    const to = await newPayableAccount(t, merchantId, 30_000);
    const cash = await pay(to, { amount: '50.00', method_kind: 'cash' });
    expect(await correct(to, cash.id, { reason: 'Entered twice' }, staff)).toMatchObject({ status: 403 });
    expect(await correct(to, cash.id, { reason: '  ' })).toMatchObject({
      status: 400,
      body: { reason: ['This field may not be blank.'] },
    });
    const other = await newPayableAccount(t, merchantId, 30_000);
    expect(
      await correct({ ...to, accountId: other.accountId }, cash.id, { reason: 'Wrong account' }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    const card = await pay(to, {
      amount: '50.00',
      payment_method: await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT'),
    });
    expect((await correct(to, card.id, { reason: 'Card' })).body).toEqual({
      status: ['Only cash, check and money order payments can be corrected; refund a card or bank payment.'],
    });
    expect(await ledgerOf(t, to.accountId)).toEqual([
      { kind: 'payment', amountCents: 5_000 },
      { kind: 'payment', amountCents: 5_000 },
      { kind: 'fee', amountCents: 148 },
    ]);
  });
});
