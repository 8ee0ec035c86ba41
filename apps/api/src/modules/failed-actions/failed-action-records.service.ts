import type { Db } from '../../db/client';
import {
  reopened,
  resolveOpenBySubject,
  updateAction,
  updateOpenAction,
  upsertFailedAction,
} from './failed-actions.repository';

// Failed actions are written where failures happen, in the transaction that records the failure (issue 18
// item 4): the payments module calls recordPaymentMove for every payment status move, the bank-return rules
// recordPaymentReturn for a return no re-presentment follows, and the autopay run recordRefusedAutopay for a
// charge refused before any payment. Messages that become undeliverable are recorded by a trigger on messages
// (migration 0031_failed_actions), whichever path moves them.

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
export function subjectKeyOf(payment: Pick<MovedPayment, 'id' | 'channel' | 'idempotencyKey'>): string {
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

/** A bank return the rules leave to staff: its reason, and whether charging again can help. */
export type ReturnFailure = { code: string; reason: string; isRetryable: boolean };

/**
 * Run inside the transaction that moved `payment` to returned. A retry's own return (or its chain's) reopens
 * the retried action; any other return is recorded on `original`'s subject (the payment itself, or the first payment of a
 * re-presentment chain: one action per original payment), pointing at `payment`, the chain's latest.
 */
export async function recordPaymentReturn(
  tx: Db,
  payment: MovedPayment,
  original: Pick<MovedPayment, 'id' | 'channel' | 'idempotencyKey'>,
  failure: ReturnFailure,
  at: Date,
): Promise<void> {
  const reason = {
    reasonCode: failure.code,
    reasonMessage: failure.reason,
    isRetryable: failure.isRetryable,
  };
  const retry = retryOfKey(original.idempotencyKey);
  if (retry) {
    await updateAction(
      tx,
      { merchantId: payment.merchantId, id: retry.actionId },
      { ...reason, ...reopened },
    );
    return;
  }
  await upsertFailedAction(
    tx,
    {
      merchantId: payment.merchantId,
      kind: original.channel === 'autopay' ? 'autopay' : 'payment',
      subjectKey: subjectKeyOf(original),
      paymentId: payment.id,
      customerId: payment.customerId,
      accountId: payment.accountId,
      ...reason,
      isResolvable: true,
      createdAt: at,
    },
    { isReopening: true },
  );
}

/**
 * An autopay charge refused before any payment was made (below the merchant's minimum, the method gone …), in
 * the transaction that records the run's outcome. There is no payment to charge again: staff resolve it.
 */
export async function recordRefusedAutopay(
  tx: Db,
  refused: {
    merchantId: string;
    customerId: string | null;
    accountId: string;
    dueDate: string;
    reasonCode: string;
    reasonMessage: string;
  },
  at: Date,
): Promise<void> {
  await upsertFailedAction(tx, {
    merchantId: refused.merchantId,
    kind: 'autopay',
    subjectKey: `autopay:${refused.accountId}:${refused.dueDate}`,
    paymentId: null,
    customerId: refused.customerId,
    accountId: refused.accountId,
    reasonCode: refused.reasonCode,
    reasonMessage: refused.reasonMessage,
    isRetryable: false,
    isResolvable: true,
    createdAt: at,
  });
}
