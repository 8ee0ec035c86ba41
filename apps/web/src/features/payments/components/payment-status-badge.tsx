import { Badge } from '@mantine/core';
import type { TransactionStatus } from '@paylane/shared/contracts/payments';

// docs/product.md §4 table status colours, for payments: paid is success, pending and processing wait,
// failed and returned are problems. Pale fills with dark text (autoContrast) keep the text readable.
const statusColor: Record<TransactionStatus, string> = {
  PAID: 'green.3',
  PENDING: 'yellow.3',
  PROCESSING: 'yellow.3',
  FAILED: 'red.2',
  RETURNED: 'red.2',
  REFUND: 'gray.3',
};

export const paymentStatusLabel = (status: TransactionStatus) =>
  status.charAt(0) + status.slice(1).toLowerCase();

export function PaymentStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <Badge color={statusColor[status]} autoContrast variant="filled">
      {paymentStatusLabel(status)}
    </Badge>
  );
}
