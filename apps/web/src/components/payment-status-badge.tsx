import type { TransactionStatus } from '@paylane/shared/contracts/payments';
import { StatusBadge, type StatusTone } from './status-badge';

/** How a payment's status reads (docs/product.md §3 Transaction), in the order a filter lists them. */
export const paymentStatusLabels: Record<TransactionStatus, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  PAID: 'Paid',
  FAILED: 'Failed',
  RETURNED: 'Returned',
  REFUND: 'Refund',
};

// docs/product.md §4 colours: done is success, on its way is warning, what did not happen is muted.
const tones: Record<TransactionStatus, StatusTone> = {
  PENDING: 'warning',
  PROCESSING: 'warning',
  PAID: 'success',
  FAILED: 'muted',
  RETURNED: 'muted',
  // Money that went back: done, but not money in.
  REFUND: 'muted',
};

export function PaymentStatusBadge({ status }: { status: TransactionStatus }) {
  return <StatusBadge status={status} label={paymentStatusLabels[status]} tone={tones[status]} />;
}
