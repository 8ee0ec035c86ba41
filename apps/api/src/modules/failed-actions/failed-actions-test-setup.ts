import { and, eq, like } from 'drizzle-orm';
import { createAppContext, type AppContext } from '../../context';
import { paymentMethods, payments } from '../../db/schema';
import { chargePayment } from '../payments/payment-outcomes';
import { insertPayment } from '../payments/payments.repository';
import {
  newPayableAccount,
  saveTestCard,
  startPaymentTestApp,
  type AccountRef,
  type PaymentTestApp,
} from '../payments/payments-test-setup';

// What the failed-actions tests arrange: a declined staff payment, a declined autopay charge made the way the
// nightly run makes it (its row under autopay:{account}:{due date}, then the processor), and the list's calls.

export const DECLINED = '4000000000000002';
export const GOOD = '4242424242424242';

export type FailedActionsTestApp = PaymentTestApp & {
  ctx: AppContext;
  list: (query?: string, token?: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  post: (path: string, json?: unknown, token?: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  declinedPayment: () => Promise<AccountRef & { methodId: string; paymentId: string }>;
  declinedAutopay: () => Promise<AccountRef & { methodId: string; paymentId: string }>;
  replaceCard: (to: AccountRef & { methodId: string }) => Promise<string>;
  retryPaymentsOf: (actionId: string) => Promise<{ id: string; status: string }[]>;
};

export async function startFailedActionsTestApp(): Promise<FailedActionsTestApp> {
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
