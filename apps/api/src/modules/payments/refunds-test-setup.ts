import { and, eq } from 'drizzle-orm';
import { customerEvents, ledgerEntries, payments } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { payOnAccount, type AccountRef } from './payments-test-setup';

// What the refund tests arrange and read: a payment taken through the API, a refund request, and what the
// database holds of it afterwards (the payment's refunded counters, the refund rows, the ledger).

export type Refunds = {
  t: TestApp;
  merchantId: string;
  /** A token of someone who may refund (an admin). */
  token: () => string;
};

let keys = 0;
export const newRefundKey = () => `refund-test-${++keys}`;

export async function takePayment(r: Refunds, to: AccountRef, body: Record<string, unknown>) {
  const answer = await payOnAccount(r.t, { merchantId: r.merchantId, token: r.token() }, to, body);
  if (answer.status !== 201) throw new Error(`payment not taken: ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; status: string; payment: { fee_cents: number } };
}

export function refundPayment(
  r: Refunds,
  body: Record<string, unknown>,
  options: { key?: string | null; token?: string; action?: 'refund_payment' | 'refund_transaction' } = {},
) {
  return r.t.request(`/api/merchants/${r.merchantId}/${options.action ?? 'refund_payment'}/`, {
    method: 'POST',
    token: options.token ?? r.token(),
    json: body,
    headers: options.key === null ? {} : { 'Idempotency-Key': options.key ?? newRefundKey() },
  });
}

export async function paymentRow(r: Refunds, id: string) {
  const [row] = await r.t.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** The refund rows given back on a payment, oldest first. */
export function refundRowsOf(r: Refunds, paymentId: string) {
  return r.t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, r.merchantId), eq(payments.refundOfPaymentId, paymentId)))
    .orderBy(payments.createdAt, payments.refundPosition);
}

/** The ledger entries of one payment (its own and its refunds', which carry its id). */
export function ledgerOfPayment(r: Refunds, paymentId: string) {
  return r.t.database.db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      at: ledgerEntries.occurredAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .orderBy(ledgerEntries.id);
}

export function refundEventsOf(r: Refunds, customerId: string) {
  return r.t.database.db
    .select()
    .from(customerEvents)
    .where(and(eq(customerEvents.customerId, customerId), eq(customerEvents.kind, 'payment.refunded')))
    .orderBy(customerEvents.createdAt);
}
