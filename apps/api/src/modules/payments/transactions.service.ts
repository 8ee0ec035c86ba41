import { cardFeeAnswerOf, processingAccountFee, type CardFeeAnswer } from '@paylane/shared/card-fees';
import type { Transaction, TransactionStatus } from '@paylane/shared/contracts/payments';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import {
  findPayableAccount,
  findProcessingAccount,
  listAccountPayments,
  type PaymentRow,
} from './payments.repository';
import { listUserNames } from './refunds.repository';

const transactionStatuses: Record<PaymentRow['status'], TransactionStatus> = {
  pending: 'PENDING',
  processing: 'PROCESSING',
  paid: 'PAID',
  failed: 'FAILED',
  returned: 'RETURNED',
  refunded: 'REFUND',
};

/** docs/product.md §3 Transaction: status, created and the payment with its total (principal plus fee). */
/** The payment's fields a Transaction shows: a list may read just these (the payment report does). */
export type TransactionFields = Pick<
  PaymentRow,
  | 'id'
  | 'status'
  | 'createdAt'
  | 'customerId'
  | 'accountId'
  | 'methodKind'
  | 'methodLabel'
  | 'note'
  | 'amountCents'
  | 'feeCents'
  | 'feeWaived'
  | 'failureCode'
  | 'failureMessage'
  | 'paidAt'
  | 'refundedCents'
  | 'feeRefundedCents'
  | 'refundOfPaymentId'
>;

export const toTransaction = (row: TransactionFields): Transaction => ({
  id: row.id,
  status: transactionStatuses[row.status],
  created: row.createdAt.toISOString(),
  payment: {
    id: row.id,
    customer_id: row.customerId,
    account_id: row.accountId,
    method_kind: row.methodKind,
    method_label: row.methodLabel,
    note: row.note,
    amount_cents: row.amountCents,
    fee_cents: row.feeCents,
    fee_waived: row.feeWaived,
    total_amount_cents: row.amountCents + row.feeCents,
    failure_code: row.failureCode,
    failure_message: row.failureMessage,
    paid_at: row.paidAt?.toISOString() ?? null,
    refunded_cents: row.refundedCents,
    fee_refunded_cents: row.feeRefundedCents,
    refund_of: row.refundOfPaymentId,
  },
});

/**
 * GET .../customers/{c}/accounts/{a}/transactions/ (docs/product.md §7): newest first, with the card fee a
 * saved credit card would carry on this account (the processing account take-payment would charge through),
 * so Take Payment previews the fee with the server's own rule.
 */
export async function listAccountTransactions(
  ctx: AppContext,
  key: { merchantId: string; customerId: string; accountId: string },
  query: { page: number; page_size: number },
): Promise<PageSlice<Transaction & { taken_by: string }> & { card_fee: CardFeeAnswer | null }> {
  const account =
    isUuid(key.customerId) && isUuid(key.accountId) ? await findPayableAccount(ctx.db, key) : null;
  if (!account) throw notFound();
  const [{ rows, total }, processing] = await Promise.all([
    listAccountPayments(ctx.db, {
      merchantId: key.merchantId,
      accountId: key.accountId,
      ...rowsOfPage(query),
    }),
    findProcessingAccount(ctx.db, key.merchantId, account.locationId),
  ]);
  const names = await listUserNames(
    ctx.db,
    rows.map((row) => row.createdByUserId),
  );
  return {
    count: total,
    results: rows.map((row) => ({
      ...toTransaction(row),
      taken_by: (row.createdByUserId && names.get(row.createdByUserId)) || '',
    })),
    card_fee: processing ? cardFeeAnswerOf(processingAccountFee(processing)) : null,
  };
}
