import type { AppContext } from '../../context';
import { inTransaction } from '../../kit/transaction';
import { dispatchIfQueued, followPaymentMove } from './payment-followups';
import { recordCharge } from './payment-outcomes';
import { reconcileRefundRow } from './refund-outcomes';
import { advancePayment, listOpenPayments, type PaymentRow } from './payments.repository';

export type ReconcileOptions = {
  /** How many open payments one run looks at. */
  limit: number;
  /** A pending payment younger than this may still be waiting for its own request's answer. */
  pendingGraceMs: number;
  /** A pending payment the processor never saw, this old, was never sent: it fails and can be taken again. */
  notSentAfterMs: number;
};

export const reconcileDefaults: ReconcileOptions = {
  limit: 500,
  pendingGraceMs: 60_000,
  notSentAfterMs: 15 * 60_000,
};

/**
 * Brings open payments up to what the processor has decided since (docs/reference/payments.md §5 items 2
 * and 3): a pending payment whose answer was lost and never retried, and a bank debit or delayed card that
 * was processing. Each is asked of the processor by its reference and recorded once (statuses only move
 * forward), so two runs at once or a run beside a retried request change nothing twice. Until processor
 * webhooks land this is also how a processing payment settles.
 */
export async function reconcileOpenPayments(
  ctx: AppContext,
  options: ReconcileOptions = reconcileDefaults,
): Promise<{ checked: number; moved: number }> {
  const now = ctx.now().getTime();
  const open = await listOpenPayments(ctx.db, {
    pendingBefore: new Date(now - options.pendingGraceMs),
    limit: options.limit,
  });
  let moved = 0;
  for (const payment of open) {
    const after = await reconcileOne(ctx, payment, now - options.notSentAfterMs);
    if (after && after.status !== payment.status) moved += 1;
  }
  return { checked: open.length, moved };
}

async function reconcileOne(ctx: AppContext, payment: PaymentRow, notSentBefore: number) {
  // A refund whose answer was lost: looked up at the processor, never sent again from here.
  if (payment.kind === 'refund') return reconcileRefundRow(ctx, payment, { mayResend: false, notSentBefore });
  const charge = await ctx.payments.findCharge({
    processorAccountId: payment.processorAccountId ?? '',
    reference: payment.id,
  });
  if (charge) return recordCharge(ctx, payment, charge);
  if (payment.status !== 'pending' || payment.createdAt.getTime() >= notSentBefore) return payment;
  // The request died before the processor was called: nothing was charged, so the payment is failed
  // rather than sent now, long after the person who took it has moved on.
  let isTextQueued = false;
  const failed = await inTransaction(ctx.db, async (tx) => {
    const row = await advancePayment(
      tx,
      { merchantId: payment.merchantId, id: payment.id, from: ['pending'] },
      {
        status: 'failed',
        failureCode: 'not_sent',
        failureMessage: 'The payment never reached the processor; take it again.',
      },
    );
    if (row) isTextQueued = await followPaymentMove(ctx, tx, row);
    return row;
  });
  await dispatchIfQueued(ctx, isTextQueued);
  return failed;
}
