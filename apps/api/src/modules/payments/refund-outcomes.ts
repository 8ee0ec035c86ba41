import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { inTransaction } from '../../kit/transaction';
import { ProcessorError, type ProcessorRefund } from '../../providers/payments/payment-processor';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { advancePayment, findPayment, postLedgerEntries, type PaymentRow } from './payments.repository';
import { releaseRefund } from './refunds.repository';

// What happens to one refund row (a source of a refund request) once it is written: the processor is asked,
// and its answer is recorded once. As with charges, the row and its key (the row's own id) are committed
// before the call, and a row whose answer was lost is looked up at the processor (findRefund by our
// reference) before anything is sent again — never a blind re-POST (docs/reference/payments.md §5 item 2).

type Outcome =
  | { status: 'refunded'; processorRefundId: string | null }
  | { status: 'failed'; processorRefundId: string | null; failureCode: string; failureMessage: string };

/** A card, bank or card-present payment is refunded at the processor; cash, checks and money orders by hand. */
export const isProcessorRefund = (methodKind: PaymentRow['methodKind']) =>
  methodKind === 'card' || methodKind === 'bank' || methodKind === 'card_present';

/**
 * The ledger entries of a refund row, dated `at`, on the refunded payment (payment_id) and its account: the
 * principal as 'refund' and the fee returned as 'fee_refund', both negative. The account's amount due rises
 * by the principal (the ledger's trigger); a fee never moves it.
 */
export function refundEntries(row: PaymentRow, at: Date) {
  const entry = { merchantId: row.merchantId, paymentId: row.refundOfPaymentId!, accountId: row.accountId };
  return [
    ...(row.amountCents > 0
      ? [{ ...entry, kind: 'refund' as const, amountCents: -row.amountCents, occurredAt: at }]
      : []),
    ...(row.feeCents > 0
      ? [{ ...entry, kind: 'fee_refund' as const, amountCents: -row.feeCents, occurredAt: at }]
      : []),
  ];
}

/** The customer's history: one event per source refunded, with the fee returned or kept. */
export async function recordRefundEvent(tx: Db, row: PaymentRow, source: PaymentRow, at: Date) {
  if (!row.customerId) return;
  await insertCustomerEvents(tx, [
    {
      merchantId: row.merchantId,
      customerId: row.customerId,
      accountId: row.accountId,
      kind: 'payment.refunded',
      actorUserId: row.createdByUserId,
      details: {
        payment_id: source.id,
        refund_id: row.refundId,
        method_label: row.methodLabel,
        amount_cents: row.amountCents,
        fee_refunded_cents: row.feeCents,
        // Kept: the payment carried a fee and this refund gave none of it back.
        is_fee_kept: source.feeCents > 0 && row.feeCents === 0,
      },
      at,
    },
  ]);
}

/**
 * Records a refund row's outcome once (it moves only from pending): refunded posts its ledger entries and
 * history event; failed gives back what it had reserved on the payment. The row as it now stands is returned.
 */
export async function recordRefund(ctx: AppContext, row: PaymentRow, outcome: Outcome): Promise<PaymentRow> {
  const now = ctx.now();
  const moved = await inTransaction(ctx.db, async (tx) => {
    const after = await advancePayment(
      tx,
      { merchantId: row.merchantId, id: row.id, from: ['pending'] },
      outcome.status === 'refunded'
        ? { status: 'refunded', processorChargeId: outcome.processorRefundId, paidAt: now }
        : {
            status: 'failed',
            processorChargeId: outcome.processorRefundId,
            failureCode: outcome.failureCode,
            failureMessage: outcome.failureMessage,
          },
    );
    if (!after) return null;
    const key = { merchantId: row.merchantId, paymentId: row.refundOfPaymentId! };
    if (outcome.status === 'failed') {
      await releaseRefund(tx, { ...key, amountCents: row.amountCents, feeCents: row.feeCents });
      return after;
    }
    await postLedgerEntries(tx, refundEntries(after, now));
    const source = await findPayment(tx, { merchantId: row.merchantId, id: key.paymentId });
    if (source) await recordRefundEvent(tx, after, source, now);
    return after;
  });
  return moved ?? (await findPayment(ctx.db, { merchantId: row.merchantId, id: row.id })) ?? row;
}

const outcomeOf = (refund: ProcessorRefund): Outcome =>
  refund.status === 'failed'
    ? {
        status: 'failed',
        processorRefundId: refund.processorRefundId,
        failureCode: refund.failureCode ?? 'refund_failed',
        failureMessage: refund.failureMessage ?? 'The processor could not return the money.',
      }
    : { status: 'refunded', processorRefundId: refund.processorRefundId };

/** Where the refunded charge is: the source payment's processor account and charge. */
async function chargeOf(ctx: AppContext, row: PaymentRow) {
  const source = await findPayment(ctx.db, { merchantId: row.merchantId, id: row.refundOfPaymentId! });
  return {
    processorAccountId: source?.processorAccountId ?? '',
    processorChargeId: source?.processorChargeId ?? '',
  };
}

/**
 * Sends a pending refund row to the processor under its own id as key and reference. An ambiguous answer
 * leaves it pending (the retried request or the reconciler looks it up first); a refusal fails it.
 */
export async function sendRefund(ctx: AppContext, row: PaymentRow): Promise<PaymentRow> {
  try {
    const refund = await ctx.payments.refund({
      ...(await chargeOf(ctx, row)),
      idempotencyKey: row.id,
      reference: row.id,
      amountCents: row.amountCents + row.feeCents,
    });
    return await recordRefund(ctx, row, outcomeOf(refund));
  } catch (error) {
    if (!(error instanceof ProcessorError) || error.isAmbiguous) {
      ctx.log.warn({ err: error, refundRowId: row.id }, 'refund outcome unknown; left pending');
      return row;
    }
    return recordRefund(ctx, row, {
      status: 'failed',
      processorRefundId: null,
      failureCode: error.code,
      failureMessage: error.message,
    });
  }
}

/**
 * A pending refund row seen again. The processor is asked what it holds under the row's reference first;
 * only a refund it never saw is sent — by a retried request (`mayResend`), with the same key. The reconciler
 * never sends: a row the processor never saw, older than `notSentBefore`, fails and releases its amount.
 */
export async function reconcileRefundRow(
  ctx: AppContext,
  row: PaymentRow,
  options: { mayResend: boolean; notSentBefore?: number },
): Promise<PaymentRow> {
  if (row.status !== 'pending') return row;
  const charge = await chargeOf(ctx, row);
  const found = await ctx.payments.findRefund({ ...charge, reference: row.id });
  if (found) return recordRefund(ctx, row, outcomeOf(found));
  if (options.mayResend) return sendRefund(ctx, row);
  if (options.notSentBefore === undefined || row.createdAt.getTime() >= options.notSentBefore) return row;
  return recordRefund(ctx, row, {
    status: 'failed',
    processorRefundId: null,
    failureCode: 'not_sent',
    failureMessage: 'The refund never reached the processor; refund again.',
  });
}
