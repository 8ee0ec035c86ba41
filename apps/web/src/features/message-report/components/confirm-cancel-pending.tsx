import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { MessageBatch } from '@paylane/shared/contracts/messages';

/** Cancel Pending asks first: the texts that have not left yet will never be sent. */
export function confirmCancelPending(batch: MessageBatch, onConfirm: () => void) {
  const count = batch.counts.pending;
  modals.openConfirmModal({
    title: 'Cancel Pending Messages',
    children: (
      <Text size="sm">
        {count === 1 ? '1 message' : `${count} messages`} of {batch.batch_name} have not been sent yet. Are
        you sure you want to cancel them? Messages already sent are not affected.
      </Text>
    ),
    labels: { confirm: 'Cancel Pending', cancel: 'Keep Sending' },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': 'Close' },
    onConfirm,
  });
}
