import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@paylane/shared/messages';
import { createAppContext, type AppContext } from '../../context';
import { merchants, paymentMethods, payments } from '../../db/schema';
import { chargePayment } from '../payments/payment-outcomes';
import { insertPayment } from '../payments/payments.repository';
import {
  newPayableAccount,
  saveTestCard,
  startPaymentTestApp,
  type AccountRef,
  type PaymentTestApp,
} from '../payments/payments-test-setup';

// What these tests arrange: a declined staff payment, a declined autopay charge made the way the nightly run
// makes it (its row under autopay:{account}:{due date}, then the processor), and the list's calls.

const DECLINED = '4000000000000002';
const GOOD = '4242424242424242';

type FailedActionsTestApp = PaymentTestApp & {
  ctx: AppContext;
  list: (query?: string, token?: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  post: (path: string, json?: unknown, token?: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  declinedPayment: () => Promise<AccountRef & { methodId: string; paymentId: string }>;
  declinedAutopay: () => Promise<AccountRef & { methodId: string; paymentId: string }>;
  replaceCard: (to: AccountRef & { methodId: string }) => Promise<string>;
  retryPaymentsOf: (actionId: string) => Promise<{ id: string; status: string }[]>;
};

async function startFailedActionsTestApp(): Promise<FailedActionsTestApp> {
  const base = await startPaymentTestApp();
  const { t, merchantId, staff } = base;
  const ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log, now: t.clock.now });
  const root = `/api/merchants/${merchantId}/failed-actions/`;
  const list = (query = '', token = staff) => t.request(`${root}${query}`, { token });
  const post = (path: string, json: unknown = {}, token = staff) =>
    t.request(`${root}${path}`, { method: 'POST', token, json });

  const declinedPayment = async () => {
    const to = await newPayableAccount(t, merchantId);
    const methodId = await saveTestCard(t, { merchantId, ...to }, DECLINED, 'CREDIT');
    const answer = await base.pay(to, { amount: '100.00', payment_method: methodId });
    if (answer.status !== 'FAILED') throw new Error(`expected a decline, got ${answer.status}`);
    return { ...to, methodId, paymentId: answer.payment.id as string };
  };

  const declinedAutopay = async () => {
    const to = await newPayableAccount(t, merchantId);
    const methodId = await saveTestCard(t, { merchantId, ...to }, DECLINED, 'CREDIT');
    const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    const row = await insertPayment(t.database.db, {
      merchantId,
      ...to,
      kind: 'account',
      channel: 'autopay',
      methodKind: 'card',
      paymentMethodId: methodId,
      methodLabel: 'Visa •••• 0002',
      amountCents: 10_000,
      status: 'pending',
      idempotencyKey: `autopay:${to.accountId}:2026-11-28`,
      requestDigest: 'autopay',
      processor: 'sandbox',
      processorAccountId: '',
      createdAt: t.clock.now(),
    });
    const charged = await chargePayment(ctx, row!, method!.processorToken!);
    if (charged.status !== 'failed') throw new Error(`expected a decline, got ${charged.status}`);
    return { ...to, methodId, paymentId: charged.id };
  };

  const replaceCard = async (to: AccountRef & { methodId: string }) => {
    await t.database.db
      .update(paymentMethods)
      .set({ removedAt: t.clock.now() })
      .where(eq(paymentMethods.id, to.methodId));
    return saveTestCard(t, { merchantId, ...to }, GOOD, 'CREDIT');
  };

  const retryPaymentsOf = (actionId: string) =>
    t.database.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(and(eq(payments.merchantId, merchantId), like(payments.idempotencyKey, `retry:${actionId}%`)));

  return { ...base, ctx, list, post, declinedPayment, declinedAutopay, replaceCard, retryPaymentsOf };
}

// docs/product.md §7 failed actions (issue 18 item 4): a failed payment or autopay charge is one action in the
// list, with its reason; retry charges again once (after the card is replaced, on the new card); resolve marks
// who and when; the bulk variants act on each action once.
describe('failed actions: payments', () => {
  let f: FailedActionsTestApp;

  beforeAll(async () => {
    f = await startFailedActionsTestApp();
  });
  afterAll(() => f.t.close());

  const actionOf = async (paymentId: string) => {
    const { body } = await f.list('?page_size=1000');
    return body.results.find((action: { payment_id: string }) => action.payment_id === paymentId);
  };

  it('a declined payment is one open action with its reason; the list pages by 100 and filters', async () => {
    const declined = await f.declinedPayment();
    const action = await actionOf(declined.paymentId);
    expect(action).toMatchObject({
      kind: 'payment',
      state: 'open',
      customer: { id: declined.customerId, first_name: 'Paula', last_name: 'Payer' },
      account: { id: declined.accountId },
      amount: 10_000,
      reason_code: 'card_declined',
      is_retryable: true,
      is_resolvable: true,
      resolved_at: null,
    });
    expect(action.reason_message).not.toBe('');
    const page = await f.list();
    expect(page.status).toBe(200);
    expect(page.body.results.length).toBeLessThanOrEqual(100);
    const open = await f.list('?kind=payment,autopay&state=open');
    expect(open.body.results.map((a: { id: string }) => a.id)).toContain(action.id);
    const messagesOnly = await f.list('?kind=message');
    expect(messagesOnly.body.results.map((a: { id: string }) => a.id)).not.toContain(action.id);
  });

  it('retry on the same declined card keeps it open with the new reason; after the card is replaced it is retried and resolved', async () => {
    const declined = await f.declinedPayment();
    const { id } = await actionOf(declined.paymentId);
    const again = await f.post(`${id}/retry/`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'open', retry_count: 1, reason_code: 'card_declined' });
    await f.replaceCard(declined);
    const retried = await f.post(`${id}/retry/`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      state: 'retried',
      retry_count: 2,
      resolved_by: { id: expect.any(String) },
    });
    const charges = await f.retryPaymentsOf(id);
    expect(charges.map((c) => c.status).sort()).toEqual(['failed', 'paid']);
    expect(charges.find((c) => c.status === 'paid')?.id).toBe(retried.body.retry_payment_id);
  });

  it('two retries at once charge once, and retrying a retried action answers its state', async () => {
    const declined = await f.declinedPayment();
    const { id } = await actionOf(declined.paymentId);
    await f.replaceCard(declined);
    const [one, two] = await Promise.all([f.post(`${id}/retry/`), f.post(`${id}/retry/`)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.retry_payment_id).toBe(two.body.retry_payment_id);
    const third = await f.post(`${id}/retry/`);
    expect(third.body).toMatchObject({ state: 'retried', retry_payment_id: one.body.retry_payment_id });
    expect(await f.retryPaymentsOf(id)).toEqual([{ id: one.body.retry_payment_id, status: 'paid' }]);
  });

  it('a removed card with no replacement must be resolved by hand', async () => {
    const declined = await f.declinedPayment();
    const { id } = await actionOf(declined.paymentId);
    await f.t.database.db
      .update(paymentMethods)
      .set({ removedAt: f.t.clock.now() })
      .where(eq(paymentMethods.id, declined.methodId));
    const answer = await f.post(`${id}/retry/`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: messages.manualResolve });
    expect(await f.retryPaymentsOf(id)).toEqual([]);
  });

  it('an autopay charge that failed is an autopay action; retry goes on the current card with no fee', async () => {
    const declined = await f.declinedAutopay();
    const action = await actionOf(declined.paymentId);
    expect(action).toMatchObject({ kind: 'autopay', state: 'open', amount: 10_000 });
    await f.replaceCard(declined);
    const retried = await f.post(`${action.id}/retry/`);
    expect(retried.body).toMatchObject({ state: 'retried' });
    const [charge] = await f.retryPaymentsOf(action.id);
    expect(charge?.status).toBe('paid');
    const [row] = await f.t.database.db.select().from(payments).where(eq(payments.id, charge!.id));
    expect(row).toMatchObject({ amountCents: 10_000, feeCents: 0 });
  });

  it('resolve marks who and when, once; bulk resolve and all=true act on each open action once', async () => {
    const first = await actionOf((await f.declinedPayment()).paymentId);
    const resolved = await f.post(`${first.id}/resolve/`, {}, f.admin);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'resolved', resolved_by: { id: expect.any(String) } });
    expect(resolved.body.resolved_at).not.toBeNull();
    const again = await f.post(`${first.id}/resolve/`);
    expect(again.body).toEqual(resolved.body);
    const retryResolved = await f.post(`${first.id}/retry/`);
    expect(retryResolved.body).toEqual(resolved.body);

    const second = await actionOf((await f.declinedPayment()).paymentId);
    const bulk = await f.post('resolve/', { ids: [second.id, second.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toHaveLength(1);
    expect(bulk.body.results[0]).toMatchObject({ id: second.id, state: 'resolved' });

    await f.declinedPayment();
    const all = await f.post('resolve/', { all: true, kind: 'payment' });
    expect(all.body.errors).toEqual([]);
    expect(all.body.results.length).toBeGreaterThan(0);
    expect((await f.list('?kind=payment&state=open')).body.count).toBe(0);
    expect((await f.post('resolve/', {})).status).toBe(400);
  });

  it("another merchant's path never reaches an action, even for a super admin", async () => {
    const declined = await f.declinedPayment();
    const { id } = await actionOf(declined.paymentId);
    const [other] = await f.t.database.db.insert(merchants).values({ name: 'Rival Motors' }).returning();
    const rivalPath = `/api/merchants/${other!.id}/failed-actions/`;
    const superAdmin = await f.t.demoToken('superadmin');
    const asStaff = await f.t.request(`${rivalPath}${id}/resolve/`, { method: 'POST', token: f.staff });
    expect(asStaff.status).toBe(404);
    const asSuper = await f.t.request(`${rivalPath}${id}/retry/`, { method: 'POST', token: superAdmin });
    expect(asSuper.status).toBe(404);
    const listed = await f.t.request(rivalPath, { token: superAdmin });
    expect(listed.body.results).toEqual([]);
    expect((await f.post('00000000-0000-4000-8000-000000000000/resolve/')).status).toBe(404);
    expect((await actionOf(declined.paymentId)).state).toBe('open');
  });
});
