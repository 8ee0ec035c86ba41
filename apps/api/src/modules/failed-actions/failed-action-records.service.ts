import type { Db } from '../../db/client';
import { resolveOpenBySubject, updateOpenAction, upsertFailedAction } from './failed-actions.repository';

// Failed actions are written where failures happen, in the transaction that records the failure (issue 18
// item 4): the payments module calls recordPaymentMove for every payment status move. Messages that become
// undeliverable are recorded by a trigger on messages (migration 0031_failed_actions), whichever path moves them.

/** What this module needs of a payment that just moved. */
export type MovedPayment = {
  id: string;
  merchantId: string;
  customerId: string | null;
  accountId: string | null;
  kind: string;
  channel: string;
  methodKind: string;
  paymentMethodId: string | null;
  status: string;
  idempotencyKey: string;
  failureCode: string | null;
  failureMessage: string | null;
  createdByUserId: string | null;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RETRY_KEY = new RegExp(`^retry:(${UUID})(?::(\\d+))?$`);
// autopay:{accountId}:{dueDate}, and :{n} for attempt n > 1 of a soft-decline retry.
const AUTOPAY_KEY = new RegExp(`^autopay:(${UUID}):(\\d{4}-\\d{2}-\\d{2})(?::\\d+)?$`);

/** The key of attempt `attempt` (1, 2, …) of retrying an action: `retry:{id}`, then `retry:{id}:{n}`. */
export const retryKeyOf = (actionId: string, attempt: number) =>
  attempt <= 1 ? `retry:${actionId}` : `retry:${actionId}:${attempt}`;

/** The action and attempt a retry's key names, or null for any other key. */
export function retryOfKey(key: string): { actionId: string; attempt: number } | null {
  const match = RETRY_KEY.exec(key);
  return match ? { actionId: match[1]!, attempt: Number(match[2] ?? 1) } : null;
}

/** One failure, one action: an autopay due date's attempts share one, any other payment has its own. */
export function subjectKeyOf(payment: MovedPayment): string {
  const autopay = payment.channel === 'autopay' ? AUTOPAY_KEY.exec(payment.idempotencyKey) : null;
  return autopay ? `autopay:${autopay[1]}:${autopay[2]}` : `payment:${payment.id}`;
}

const isThrough = (status: string) => status === 'paid' || status === 'processing';

/** Run inside the transaction that moved the payment. */
export async function recordPaymentMove(tx: Db, payment: MovedPayment, at: Date): Promise<void> {
  const retry = retryOfKey(payment.idempotencyKey);
  if (retry) return recordRetryMove(tx, payment, retry, at);
  if (payment.kind === 'refund') return;
  if (payment.status === 'failed') {
    await upsertFailedAction(tx, {
      merchantId: payment.merchantId,
      kind: payment.channel === 'autopay' ? 'autopay' : 'payment',
      subjectKey: subjectKeyOf(payment),
      paymentId: payment.id,
      customerId: payment.customerId,
      accountId: payment.accountId,
      reasonCode: payment.failureCode,
      reasonMessage: payment.failureMessage || 'The payment was declined.',
      // A card reader or a method-less payment has nothing to charge again; a person takes it.
      isRetryable: Boolean(payment.paymentMethodId && payment.accountId),
      isResolvable: true,
      createdAt: at,
    });
  } else if (payment.channel === 'autopay' && isThrough(payment.status)) {
    // A later soft-decline attempt of the same due date went through: the action is closed by it.
    await resolveOpenBySubject(
      tx,
      { merchantId: payment.merchantId, subjectKey: subjectKeyOf(payment) },
      { resolvedAt: at, resolution: 'retried', retryPaymentId: payment.id },
    );
  }
}

/** A retry's charge moved: declined keeps the action open with the new reason; through resolves it. */
async function recordRetryMove(
  tx: Db,
  payment: MovedPayment,
  retry: { actionId: string; attempt: number },
  at: Date,
): Promise<void> {
  const key = { merchantId: payment.merchantId, id: retry.actionId };
  if (payment.status === 'failed') {
    await updateOpenAction(tx, key, {
      reasonCode: payment.failureCode,
      reasonMessage: payment.failureMessage || 'The payment was declined.',
      retryCount: retry.attempt,
      retryPaymentId: payment.id,
    });
  } else if (isThrough(payment.status)) {
    await updateOpenAction(tx, key, {
      resolvedAt: at,
      resolvedByUserId: payment.createdByUserId,
      resolution: 'retried',
      retryCount: retry.attempt,
      retryPaymentId: payment.id,
    });
  }
}
