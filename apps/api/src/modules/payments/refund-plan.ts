import { refundMessages, type RefundPaymentBody } from '@paylane/shared/contracts/refunds';
import { formatCurrency } from '@paylane/shared/format';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError, invalid } from '../../kit/errors';
import type { PaymentRow } from './payments.repository';
import { isProcessorRefund } from './refund-outcomes';
import { listPaymentsById } from './refunds.repository';

// The rules of a refund request (docs/product.md §3 Refund, issue 17), checked before anything is written:
// what a source is, how much is left on each, the fee returned or kept by choice, and the total the sum.

/** One source as it will be refunded: the payment, how much of its principal and fee, and where it was asked. */
export type PlannedSource = { payment: PaymentRow; amountCents: number; feeCents: number; field: string };

export type RefundPlan = {
  payment: PaymentRow;
  /** In the order they are refunded: the fee-carrying source last. */
  sources: PlannedSource[];
  totalCents: number;
  feeCents: number;
};

const left = (payment: PaymentRow) => ({
  amountCents: payment.amountCents - payment.refundedCents,
  feeCents: payment.feeCents - payment.feeRefundedCents,
});

/** Why this payment cannot be a source of a refund of `anchor`, or null when it can. */
function sourceRefusal(payment: PaymentRow, anchor: PaymentRow): string | null {
  if (payment.kind === 'refund' || payment.status !== 'paid') return refundMessages.notRefundable;
  if (payment.customerId !== anchor.customerId || payment.accountId !== anchor.accountId)
    return refundMessages.otherAccount;
  if (isProcessorRefund(payment.methodKind) && !payment.processorChargeId)
    return 'This payment has no charge at the processor to refund.';
  return null;
}

/** A source's amounts against what is left of its payment (the database checks the same again, under lock). */
function checkAmounts(source: PlannedSource, hasFeeField: boolean) {
  const remaining = left(source.payment);
  if (remaining.feeCents > 0 && !hasFeeField)
    throw fieldError(`${source.field}.convenience_fee`, refundMessages.sayFee);
  if (source.amountCents + source.feeCents === 0)
    throw fieldError(`${source.field}.amount`, refundMessages.nothingToRefund);
  if (source.amountCents > remaining.amountCents)
    throw fieldError(
      `${source.field}.amount`,
      `Only ${formatCurrency(remaining.amountCents)} is left to refund on this payment.`,
    );
  if (source.feeCents > remaining.feeCents)
    throw fieldError(
      `${source.field}.convenience_fee`,
      `Only ${formatCurrency(remaining.feeCents)} of the convenience fee is left to refund.`,
    );
}

/**
 * Reads and checks a refund request. A source is one payment (one method): the payment named, and any other
 * PAID payment of the same customer and account. Each takes at most what is left of its principal and fee;
 * a source whose payment still has a fee must say what happens to it; the total is the sum of the sources.
 */
export async function planRefund(
  ctx: AppContext,
  merchantId: string,
  body: RefundPaymentBody,
): Promise<RefundPlan> {
  if (!isUuid(body.payment)) throw fieldError('payment', 'Not found.');
  const ids = body.sources.map((source) => source.transaction);
  ids.forEach((id, i) => {
    if (!isUuid(id)) throw fieldError(`sources.${i}.transaction`, 'Not found.');
    if (ids.indexOf(id) !== i) throw fieldError(`sources.${i}.transaction`, refundMessages.sourceTwice);
  });
  if (!ids.includes(body.payment)) throw fieldError('payment', refundMessages.paymentNotSource);
  const found = new Map(
    (await listPaymentsById(ctx.db, { merchantId, ids })).map((payment) => [payment.id, payment]),
  );
  const anchor = found.get(body.payment);
  if (!anchor) throw fieldError('payment', 'Not found.');
  const sources = body.sources.map((input, i): PlannedSource => {
    const field = `sources.${i}`;
    const payment = found.get(input.transaction);
    if (!payment) throw fieldError(`${field}.transaction`, 'Not found.');
    const refusal = sourceRefusal(payment, anchor);
    if (refusal) throw fieldError(`${field}.transaction`, refusal);
    const source = { payment, amountCents: input.amount, feeCents: input.convenience_fee ?? 0, field };
    checkAmounts(source, input.convenience_fee !== undefined);
    return source;
  });
  const totalCents = sources.reduce((sum, source) => sum + source.amountCents + source.feeCents, 0);
  if (body.total !== totalCents) throw invalid({ total: [refundMessages.totalIsSum] });
  return {
    payment: anchor,
    // docs/product.md §3: the source carrying a fee goes last (a stable sort keeps the others' order).
    sources: [...sources].sort((a, b) => Number(a.payment.feeCents > 0) - Number(b.payment.feeCents > 0)),
    totalCents,
    feeCents: sources.reduce((sum, source) => sum + source.feeCents, 0),
  };
}

/**
 * `refund_transaction`: everything left of one payment's principal, with its fee when `return_fee` says so
 * (required while a fee is left to return), as a one-source refund request.
 */
export async function planWholeRefund(
  ctx: AppContext,
  merchantId: string,
  input: { transaction: string; return_fee?: boolean | undefined },
): Promise<RefundPlan> {
  const [payment] = isUuid(input.transaction)
    ? await listPaymentsById(ctx.db, { merchantId, ids: [input.transaction] })
    : [];
  if (!payment) throw fieldError('transaction', 'Not found.');
  const refusal = sourceRefusal(payment, payment);
  if (refusal) throw fieldError('transaction', refusal);
  const remaining = left(payment);
  if (remaining.feeCents > 0 && input.return_fee === undefined)
    throw fieldError('return_fee', refundMessages.sayFee);
  const feeCents = input.return_fee ? remaining.feeCents : 0;
  if (remaining.amountCents + feeCents === 0)
    throw fieldError('transaction', 'This payment has already been refunded.');
  return {
    payment,
    sources: [{ payment, amountCents: remaining.amountCents, feeCents, field: 'transaction' }],
    totalCents: remaining.amountCents + feeCents,
    feeCents,
  };
}
