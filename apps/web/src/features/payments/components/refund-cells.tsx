import { Text } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { canBeRefunded } from '../refund-sources';
import { RowAction } from '../../../components/row-actions';

type RefundTable = {
  /** Opens the Refund modal; null when the viewer may not refund. */
  onRefund: ((transaction: Transaction) => void) | null;
  /** The listed payments: a refund row names its payment's fee from here. */
  transactions: readonly Transaction[];
};

// The cells read these from context, so the table's columns stay the same objects between renders.
export const RefundTableContext = createContext<RefundTable>({ onRefund: null, transactions: [] });

type AccountTransaction = Transaction & { taken_by?: string | undefined };

function refundRowNote(transaction: AccountTransaction, transactions: readonly Transaction[]): string {
  const { payment } = transaction;
  const refunded = transactions.find((candidate) => candidate.id === payment.refund_of);
  const fee =
    payment.fee_cents > 0
      ? `fee ${formatCurrency(payment.fee_cents)} returned`
      : refunded && refunded.payment.fee_cents > 0
        ? 'fee kept'
        : null;
  const by = transaction.taken_by ? `by ${transaction.taken_by}` : null;
  // A misc payment has no account (the misc payments list shows its refunds).
  const of = payment.account_id === null ? 'Refund of a misc payment' : 'Refund of this account’s payment';
  return [of, fee, by].filter(Boolean).join(' · ');
}

/**
 * Under a status: on a paid payment, how much has been refunded; on a refund's own row, that it is one, the
 * fee returned or kept, and who made it.
 */
export function RefundNote({ transaction }: { transaction: AccountTransaction }) {
  const { transactions } = use(RefundTableContext);
  const { payment } = transaction;
  if (payment.refund_of !== null)
    return (
      <Text size="xs" c="dimmed">
        {refundRowNote(transaction, transactions)}
      </Text>
    );
  const refunded = payment.refunded_cents + payment.fee_refunded_cents;
  if (refunded === 0) return null;
  const isFull = payment.refunded_cents === payment.amount_cents;
  return (
    <Text size="xs" c="dimmed">
      {`${isFull ? 'Refunded' : 'Partially refunded'}: ${formatCurrency(refunded)}`}
    </Text>
  );
}

/** The Refund action of a PAID payment with something left to refund, for who may refund. */
export function RefundActionCell({ transaction }: { transaction: Transaction }) {
  const { onRefund } = use(RefundTableContext);
  if (!onRefund || !canBeRefunded(transaction)) return null;
  return (
    <RowAction
      aria-label={`Refund ${transaction.payment.method_label} ${formatCurrency(transaction.payment.total_amount_cents)}`}
      onClick={(event) => {
        event.stopPropagation();
        onRefund(transaction);
      }}
    >
      Refund
    </RowAction>
  );
}
