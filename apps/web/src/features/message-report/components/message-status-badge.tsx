import { Badge } from '@mantine/core';
import { displayStatus, type StatusDisplay } from '@paylane/shared/messaging';

// Pale fills with dark text (autoContrast) keep small badge text readable (WCAG AA).
const colors: Record<StatusDisplay, string> = {
  Delivered: 'green.3',
  Sent: 'blue.2',
  Queued: 'gray.3',
  Sending: 'gray.3',
  'Failed to send': 'red.2',
};

/** docs/product.md §4: delivered/received Delivered; queued Queued; sent/accepted Sent; failed/undelivered/error Failed to send. */
export function MessageStatusBadge({ status, errorCode }: { status: string; errorCode: string | null }) {
  const label = displayStatus(status, errorCode);
  return (
    <Badge color={colors[label]} autoContrast variant="filled" data-status={status}>
      {label}
    </Badge>
  );
}
