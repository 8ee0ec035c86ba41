import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';
import { PaymentTakenSummary } from '../../../components/payment-taken-summary';

type Props = { transaction: Transaction; customerLabel: string; onDone: () => void };

/** What was taken: whose, what for, how, how much, and its status. */
export function MiscPaymentConfirmation({ transaction, customerLabel, onDone }: Props) {
  const { payment } = transaction;
  return (
    <PaymentTakenSummary
      title="Payment taken"
      status={<PaymentStatusBadge status={transaction.status} />}
      lines={[
        { label: 'Customer', value: customerLabel },
        { label: 'Description', value: payment.note },
        { label: 'Paid With', value: payment.method_label },
        { label: 'Amount', value: formatCurrency(payment.amount_cents) },
      ]}
      onDone={onDone}
      maw={520}
    />
  );
}
