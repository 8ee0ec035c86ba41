import { autopayMessages } from '@paylane/shared/contracts/autopay';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../context';
import { accountCoBorrowers, accounts, auditLog, autopayEnrolments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { retirePaymentMethod } from '../payment-methods/payment-methods.service';
import { saveTestBankAccount, saveTestCard, transactionsPath } from '../payments/payments-test-setup';
import { findAutopay, stopAutopay } from './autopay.service';
import {
  autopayEventsOf,
  autopayPath,
  enrol,
  newAutopayAccount,
  textKeysOf,
  type AccountRef,
} from './autopay-test-setup';

// Autopay enrolment (issue 18 item 1): the authorization text the server builds, recorded with who and when;
// the product's three refusals; one customer's autopay per account; texts, history and audit; stopping it.
describe('autopay enrolment', () => {
  let t: TestApp;
  let ctx: AppContext;
  let merchantId: string;
  let admin: string;
  const as = () => ({ merchantId, token: admin });
  const card = (to: AccountRef, number = '4242424242424242') =>
    saveTestCard(t, { merchantId, ...to }, number, 'CREDIT');

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    admin = await t.demoToken('admin');
    ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log, now: t.clock.now });
  });
  afterAll(() => t.close());

  it('records the authorization text it showed, with who and when, turns the switch on and texts the customer', async () => {
    const to = await newAutopayAccount(t, merchantId, { amountDueCents: 32_150, externalId: 'AP-100' });
    const method = await card(to);
    const preview = await t.request(`${autopayPath(merchantId, to)}?payment_method=${method}&due_day=3`, {
      token: admin,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ autopay_enabled: false, enrolment: null });
    const text: string = preview.body.authorization_text;
    expect(text).toContain('Demo Motors');
    expect(text).toContain('$321.50');
    expect(text).toContain('•••• 4242');
    expect(text).toContain('3rd of each month');
    expect(text).toContain('account AP-100');

    const enrolled = await enrol(t, as(), to, { payment_method: method, due_day: 3 });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toMatchObject({
      autopay_enabled: true,
      enrolment: {
        customer: { id: to.customerId },
        payment_method: { id: method },
        due_day: 3,
        authorization_text: text,
        enrolled_by: { first_name: expect.any(String) },
        stopped_at: null,
      },
    });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, to.accountId));
    expect(account?.autopayEnabled).toBe(true);
    const enrolmentId = enrolled.body.enrolment.id;
    expect(await findAutopay(ctx, { merchantId, accountId: to.accountId })).toMatchObject({
      enrolmentId,
      paymentMethodId: method,
      dueDay: 3,
    });
    expect((await autopayEventsOf(t, to.customerId)).map((event) => event.kind)).toEqual([
      'autopay.enrolled',
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, to.accountId), eq(auditLog.action, 'autopay.enrolled')));
    expect(audit).toHaveLength(1);
    // Staff recorded it: the "by Dealer" variant, to the customer, once.
    expect(await textKeysOf(t, to.customerId)).toEqual([`autopay:${enrolmentId}:AUTOPAY_MERCHANT`]);
    // The page reads it back.
    const read = await t.request(autopayPath(merchantId, to), { token: admin });
    expect(read.body).toMatchObject({ autopay_enabled: true, enrolment: { id: enrolmentId } });
  });

  it('refuses a due day after the 28th, a method not the customer’s, and an unaccepted authorization', async () => {
    const to = await newAutopayAccount(t, merchantId);
    const method = await card(to);
    const other = await newAutopayAccount(t, merchantId);
    const othersMethod = await card(other);

    const late = await enrol(t, as(), to, { payment_method: method, due_day: 29 });
    expect(late).toMatchObject({ status: 400, body: { due_day: [autopayMessages.dueDay] } });
    expect(autopayMessages.dueDay).toBe('Due date with Autopay must not exceed the 28th');

    const foreign = await enrol(t, as(), to, { payment_method: othersMethod });
    expect(foreign).toMatchObject({
      status: 400,
      body: { payment_method: ['Invalid payment method specified for autopay'] },
    });
    const unaccepted = await enrol(t, as(), to, { payment_method: method, authorization_accepted: false });
    expect(unaccepted.status).toBe(400);
    expect(unaccepted.body).toHaveProperty('authorization_accepted');
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, to.accountId));
    expect(account?.autopayEnabled).toBe(false);
  });

  it('refuses a bank account a return retired (R02–R04), and builds no authorization for it', async () => {
    const to = await newAutopayAccount(t, merchantId);
    const bank = await saveTestBankAccount(t, { merchantId, ...to }, '000123456789');
    const preview = `${autopayPath(merchantId, to)}?payment_method=${bank}&due_day=5`;
    expect((await t.request(preview, { token: admin })).body.authorization_text).toEqual(expect.any(String));
    await retirePaymentMethod(t.database.db, {
      merchantId,
      customerId: to.customerId,
      id: bank,
      reason: 'R02 Account closed',
      at: t.clock.now(),
    });

    expect((await t.request(preview, { token: admin })).body).toMatchObject({ authorization_text: null });
    const refused = await enrol(t, as(), to, { payment_method: bank, due_day: 5 });
    expect(refused).toMatchObject({
      status: 400,
      body: { payment_method: ['Invalid payment method specified for autopay'] },
    });
    const read = await t.request(autopayPath(merchantId, to), { token: admin });
    expect(read.body).toMatchObject({ autopay_enabled: false, enrolment: null });
  });

  it('keeps one customer’s autopay per account: a co-borrower is refused while the borrower’s is on', async () => {
    const to = await newAutopayAccount(t, merchantId);
    const co = await newAutopayAccount(t, merchantId);
    await t.database.db
      .insert(accountCoBorrowers)
      .values({ merchantId, accountId: to.accountId, customerId: co.customerId });
    expect((await enrol(t, as(), to, { payment_method: await card(to) })).status).toBe(201);

    const coAccount = { customerId: co.customerId, accountId: to.accountId };
    const refused = await enrol(t, as(), coAccount, { payment_method: await card(co) });
    expect(refused).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Autopay is already setup by another customer'] },
    });
    // Off, a co-borrower still cannot: autopay charges the primary borrower's account with their method.
    await t.request(autopayPath(merchantId, to), { method: 'DELETE', token: admin });
    const coOnly = await enrol(t, as(), coAccount, { payment_method: await card(co) });
    expect(coOnly).toMatchObject({ status: 400, body: { non_field_errors: [autopayMessages.primaryOnly] } });
    expect((await enrol(t, as(), to, { payment_method: await card(to) })).status).toBe(201);
    const again = await enrol(t, as(), to, { payment_method: await card(to) });
    expect(again).toMatchObject({ status: 400, body: { non_field_errors: [autopayMessages.alreadyOn] } });
  });

  it('stops: staff through DELETE, the system through stopAutopay; history, texts, the record kept', async () => {
    const to = await newAutopayAccount(t, merchantId);
    const first = await enrol(t, as(), to, { payment_method: await card(to) });
    const stopped = await t.request(autopayPath(merchantId, to), { method: 'DELETE', token: admin });
    expect(stopped).toMatchObject({
      status: 200,
      body: {
        autopay_enabled: false,
        enrolment: { id: first.body.enrolment.id, stop_reason: 'Stopped by staff' },
      },
    });
    expect(await findAutopay(ctx, { merchantId, accountId: to.accountId })).toBeNull();

    // Enrolled again, then a bank return stops it with no staff user: AUTOPAY_DISABLED.
    const second = await enrol(t, as(), to, { payment_method: await card(to) });
    expect(second.status).toBe(201);
    const result = await stopAutopay(ctx, {
      merchantId,
      accountId: to.accountId,
      reason: 'R10',
      actorUserId: null,
    });
    expect(result).toMatchObject({ isStopped: true, isTextQueued: true });
    expect(
      await stopAutopay(ctx, { merchantId, accountId: to.accountId, reason: 'R10', actorUserId: null }),
    ).toMatchObject({ isStopped: false });

    const firstId = first.body.enrolment.id;
    const secondId = second.body.enrolment.id;
    expect(await textKeysOf(t, to.customerId)).toEqual([
      `autopay:${firstId}:AUTOPAY_MERCHANT`,
      `autopay:${firstId}:AUTOPAY_DISABLED_MERCHANT`,
      `autopay:${secondId}:AUTOPAY_MERCHANT`,
      `autopay:${secondId}:AUTOPAY_DISABLED`,
    ]);
    expect((await autopayEventsOf(t, to.customerId)).map((event) => event.kind)).toEqual([
      'autopay.enrolled',
      'autopay.stopped',
      'autopay.enrolled',
      'autopay.stopped',
    ]);
    const records = await t.database.db
      .select()
      .from(autopayEnrolments)
      .where(eq(autopayEnrolments.accountId, to.accountId));
    expect(records.map((row) => row.stopReason).sort()).toEqual(['R10', 'Stopped by staff']);
  });

  it('stops when the method it charges is removed', async () => {
    const to = await newAutopayAccount(t, merchantId);
    const method = await card(to);
    expect((await enrol(t, as(), to, { payment_method: method })).status).toBe(201);
    const removed = await t.request(
      `/api/merchants/${merchantId}/customers/${to.customerId}/payment_methods/${method}/`,
      {
        method: 'DELETE',
        token: admin,
      },
    );
    expect(removed.status).toBeLessThan(300);
    const read = await t.request(autopayPath(merchantId, to), { token: admin });
    expect(read.body).toMatchObject({
      autopay_enabled: false,
      enrolment: { stop_reason: 'Payment method removed' },
    });
  });

  it('is never required to take a payment, and another merchant’s account is not found', async () => {
    const to = await newAutopayAccount(t, merchantId);
    const paid = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: admin,
      json: { amount: '20.00', method_kind: 'cash' },
      headers: { 'Idempotency-Key': `autopay-free-${to.accountId}` },
    });
    expect(paid.status).toBe(201);
    const elsewhere = `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${crypto.randomUUID()}/autopay/`;
    expect((await t.request(elsewhere, { token: admin })).status).toBe(404);
  });
});
