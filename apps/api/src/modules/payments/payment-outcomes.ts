import type { AppContext } from '../../context';
import type { PaymentStatus } from '../../db/schema';
import { inTransaction } from '../../kit/transaction';
import {
  ProcessorError,
  type ProcessorCharge,
  type ReaderRequest,
} from '../../providers/payments/payment-processor';
import { applyReturnRules } from '../bank-returns/return-rules.service';
import { dispatchIfQueued, followPaymentMove } from './payment-followups';
import { advancePayment, findPayment, postLedgerEntries, type PaymentRow } from './payments.repository';

// What happens once a payment row exists: the processor is asked, and its answer is recorded once. The row is
// always written (and committed) before the processor is called, with the row's id as the processor's
// idempotency key and reference, so whatever fails after the call — our commit, the process, the network —
// the next attempt finds the charge instead of making another (docs/reference/payments.md §5 item 2).

const statusOfCharge: Record<ProcessorCharge['status'], PaymentStatus> = {
  succeeded: 'paid',
  processing: 'processing',
  failed: 'failed',
  returned: 'returned',
};

/** The principal and fee of a paid payment, as ledger entries dated `at`. */
export function paidEntries(payment: PaymentRow, at: Date) {
  const entry = { merchantId: payment.merchantId, paymentId: payment.id, accountId: payment.accountId };
  return [
    { ...entry, kind: 'payment' as const, amountCents: payment.amountCents, occurredAt: at },
    ...(payment.feeCents > 0
      ? [{ ...entry, kind: 'fee' as const, amountCents: payment.feeCents, occurredAt: at }]
      : []),
  ];
}

/**
 * A settled payment that came back (issue 18): what it had posted, reversed as its own entries dated when it
 * came back — the principal as a `return` (so the amount due rises again) and the fee as a `fee_refund`, since
 * the money never arrived. What a refund already gave back is not reversed twice.
 */
export function returnEntries(payment: PaymentRow, at: Date) {
  const entry = { merchantId: payment.merchantId, paymentId: payment.id, accountId: payment.accountId };
  const principal = payment.amountCents - payment.refundedCents;
  const fee = payment.feeCents - payment.feeRefundedCents;
  return [
    ...(principal > 0
      ? [{ ...entry, kind: 'return' as const, amountCents: -principal, occurredAt: at }]
      : []),
    ...(fee > 0 ? [{ ...entry, kind: 'fee_refund' as const, amountCents: -fee, occurredAt: at }] : []),
  ];
}

/**
 * Records the processor's answer: the payment moves forward from pending or processing, and a success posts
 * its ledger entries in the same transaction. An answer already recorded (a replay, a racing request) changes
 * nothing; the payment as it now stands is returned.
 */
export async function recordCharge(ctx: AppContext, payment: PaymentRow, charge: ProcessorCharge) {
  const status = statusOfCharge[charge.status];
  const now = ctx.now();
  let isTextQueued = false;
  const moved = await inTransaction(ctx.db, async (tx) => {
    const row = await advancePayment(
      tx,
      { merchantId: payment.merchantId, id: payment.id, from: fromStatuses(status) },
      {
        status,
        processorChargeId: charge.processorChargeId || null,
        failureCode: charge.failureCode,
        failureMessage: charge.failureMessage,
        // A settled payment that comes back keeps when it was paid: its history stays.
        ...(status === 'paid' ? { paidAt: now } : {}),
      },
    );
    if (row && status === 'paid') await postLedgerEntries(tx, paidEntries(row, now));
    // Only a paid payment has a paid_at: a return after settlement reverses what it posted.
    if (row && status === 'returned' && row.paidAt) await postLedgerEntries(tx, returnEntries(row, now));
    if (row) isTextQueued = await followPaymentMove(ctx, tx, row);
    if (row && status === 'returned') isTextQueued = (await applyReturnRules(ctx, tx, row)) || isTextQueued;
    return row;
  });
  await dispatchIfQueued(ctx, isTextQueued);
  return moved ?? (await currentPayment(ctx, payment));
}

/**
 * Forward only: processing may follow pending; a final status may follow either, never another final one —
 * except that a bank payment that settled (paid) may still come back (returned), days or weeks later.
 */
const fromStatuses = (to: PaymentStatus): PaymentStatus[] => {
  if (to === 'processing') return ['pending'];
  if (to === 'returned') return ['pending', 'processing', 'paid'];
  return ['pending', 'processing'];
};

async function currentPayment(ctx: AppContext, payment: PaymentRow): Promise<PaymentRow> {
  const row = await findPayment(ctx.db, { merchantId: payment.merchantId, id: payment.id });
  if (!row) throw new Error(`payment ${payment.id} vanished`);
  return row;
}

/**
 * Charges a pending payment's saved method. A decline is recorded as failed; an ambiguous answer (network,
 * timeout, 5xx) leaves the payment pending for reconciliation and says so; a refusal is recorded as failed
 * with the processor's code.
 */
export async function chargePayment(
  ctx: AppContext,
  payment: PaymentRow,
  methodToken: string,
): Promise<PaymentRow> {
  try {
    const charge = await ctx.payments.charge({
      idempotencyKey: payment.id,
      reference: payment.id,
      processorAccountId: payment.processorAccountId ?? '',
      methodToken,
      amountCents: payment.amountCents + payment.feeCents,
    });
    return await recordCharge(ctx, payment, charge);
  } catch (error) {
    if (!(error instanceof ProcessorError) || error.isAmbiguous) {
      ctx.log.warn({ err: error, paymentId: payment.id }, 'payment outcome unknown; left pending');
      return payment;
    }
    return recordCharge(ctx, payment, {
      processorChargeId: '',
      reference: payment.id,
      amountCents: payment.amountCents + payment.feeCents,
      status: 'failed',
      failureCode: error.code,
      failureMessage: error.message,
    });
  }
}

/**
 * Card present (POS): asks the merchant's card reader to collect a pending payment, or — for the same payment
 * again — answers the request already made (the payment's id is the key). The reader's outcome arrives later,
 * through reconcilePendingPayment or the processor's webhook. A refusal fails the payment with its reason.
 */
export async function collectOnReader(
  ctx: AppContext,
  payment: PaymentRow,
): Promise<{ payment: PaymentRow; reader: ReaderRequest | null }> {
  try {
    const reader = await ctx.payments.collectOnReader({
      idempotencyKey: payment.id,
      reference: payment.id,
      processorAccountId: payment.processorAccountId ?? '',
      amountCents: payment.amountCents + payment.feeCents,
    });
    return { payment, reader };
  } catch (error) {
    if (!(error instanceof ProcessorError) || error.isAmbiguous) {
      ctx.log.warn(
        { err: error, paymentId: payment.id },
        'card reader request outcome unknown; left pending',
      );
      return { payment, reader: null };
    }
    const failed = await recordCharge(ctx, payment, {
      processorChargeId: '',
      reference: payment.id,
      amountCents: payment.amountCents + payment.feeCents,
      status: 'failed',
      failureCode: error.code,
      failureMessage: error.message,
    });
    return { payment: failed, reader: null };
  }
}

/**
 * A pending payment seen again (a retried request, the reconciler): ask the processor what it holds under the
 * payment's reference before anything else; only a charge the processor never saw is sent, with the same key.
 */
export async function reconcilePendingPayment(
  ctx: AppContext,
  payment: PaymentRow,
  methodToken: string | null,
): Promise<PaymentRow> {
  const found = await ctx.payments.findCharge({
    processorAccountId: payment.processorAccountId ?? '',
    reference: payment.id,
  });
  if (found) return recordCharge(ctx, payment, found);
  if (!methodToken) return payment;
  return chargePayment(ctx, payment, methodToken);
}
