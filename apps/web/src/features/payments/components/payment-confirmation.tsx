import { Alert } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { PaymentTakenSummary } from '../../../components/payment-taken-summary';
import { PaymentStatusBadge } from './payment-status-badge';

/** What the status means for the person who just took the payment. */
function statusNote(transaction: Transaction): string | null {
  if (transaction.status === 'PROCESSING')
    return transaction.payment.method_kind === 'bank'
      ? 'Processing — bank payments settle in a few days'
      : 'Processing — the card processor has not settled it yet';
  if (transaction.status === 'PENDING')
    return 'Pending — the processor has not answered yet. The payments list shows the outcome; nothing is charged twice.';
  return null;
}

function feeText(transaction: Transaction): string {
  if (transaction.payment.fee_waived) return 'Waived';
  return formatCurrency(transaction.payment.fee_cents);
}

/** The answer to 'Take Payment': amount, fee, total and status, each on its own line. */
export function PaymentConfirmation({
  transaction,
  onDone,
}: {
  transaction: Transaction;
  onDone: () => void;
}) {
  const { payment } = transaction;
  const note = statusNote(transaction);
  return (
    <PaymentTakenSummary
      title={transaction.status === 'PAID' ? 'Payment taken' : 'Payment sent'}
      status={<PaymentStatusBadge status={transaction.status} />}
      lines={[
        { label: 'Paid With', value: payment.method_label },
        { label: 'Amount', value: formatCurrency(payment.amount_cents) },
        { label: 'Convenience Fee', value: feeText(transaction) },
        { label: 'Total', value: formatCurrency(payment.total_amount_cents) },
      ]}
      note={
        note ? (
          <Alert color="yellow" variant="light">
            {note}
          </Alert>
        ) : null
      }
      onDone={onDone}
    />
  );
}
