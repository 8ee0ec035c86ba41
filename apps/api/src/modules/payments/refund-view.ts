import type { Refund } from '@paylane/shared/contracts/refunds';
import type { AppContext } from '../../context';
import { findPayment } from './payments.repository';
import { findUserName, listRefundRows, type RefundRow } from './refunds.repository';
import { toTransaction } from './transactions.service';

export type RefundView = Refund;

/**
 * docs/product.md §3 Refund as the API answers it: the payment, its sources in the order they were refunded
 * (the fee-carrying one last) with each source's transaction and state, the totals with and without the fee,
 * the date and who refunded.
 */
export async function toRefundView(ctx: AppContext, refund: RefundRow): Promise<RefundView> {
  const [rows, refundedBy] = await Promise.all([
    listRefundRows(ctx.db, { merchantId: refund.merchantId, refundId: refund.id }),
    findUserName(ctx.db, refund.createdByUserId),
  ]);
  const sources = await Promise.all(
    rows.map(async (row) => {
      const source = await findPayment(ctx.db, { merchantId: row.merchantId, id: row.refundOfPaymentId! });
      return {
        id: row.id,
        transaction: {
          id: row.refundOfPaymentId!,
          total_amount_cents: source ? source.amountCents + source.feeCents : 0,
        },
        payment_method: row.methodLabel,
        method_kind: row.methodKind,
        amount_cents: row.amountCents,
        convenience_fee_cents: row.feeCents,
        status: toTransaction(row).status,
        failure_code: row.failureCode,
        failure_message: row.failureMessage,
      };
    }),
  );
  return {
    id: refund.id,
    payment: refund.paymentId,
    sources,
    total_amount_cents: refund.totalCents,
    total_no_fee_amount_cents: refund.totalCents - refund.feeCents,
    fee_cents: refund.feeCents,
    date: refund.createdAt.toISOString(),
    refunded_by: refundedBy,
  };
}
