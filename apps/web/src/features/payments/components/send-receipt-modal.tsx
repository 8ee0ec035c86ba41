import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { ReceiptChannel } from '@paylane/shared/contracts/receipts';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSendReceipt, type PaymentRef } from '../api/send-receipt';

type Props = { merchantId: string; payment: PaymentRef; paymentLabel: string; onClose: () => void };

/** Every 4xx message of an answer (opted out, no address on file), to show in the dialog. */
const messagesOf = (error: unknown) => applyServerErrors<{ channel: ReceiptChannel }>(error, () => {}, []);

/**
 * 'Send Receipt' on a payment: by email or text, to the customer's address on file. Mounted only while open,
 * with one Idempotency-Key per channel for its lifetime, so a double click sends one receipt.
 */
export function SendReceiptModal({ merchantId, payment, paymentLabel, onClose }: Props) {
  const [channel, setChannel] = useState<ReceiptChannel>('email');
  const [keys] = useState(() => ({ email: crypto.randomUUID(), text: crypto.randomUUID() }));
  const send = useSendReceipt(merchantId, payment);
  const messages = messagesOf(send.error);
  return (
    <Modal opened onClose={onClose} title="Send Receipt" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm" c="dimmed">
          {paymentLabel}
        </Text>
        {send.data ? (
          <Alert color="green" variant="light" role="status">
            {`Receipt sent by ${send.data.channel === 'email' ? 'email' : 'text'} to ${send.data.to}.`}
          </Alert>
        ) : (
          <Radio.Group
            label="Send by"
            value={channel}
            onChange={(value) => {
              setChannel(value as ReceiptChannel);
              send.reset();
            }}
          >
            <Group mt="xs">
              <Radio value="email" label="Email" />
              <Radio value="text" label="Text" />
            </Group>
          </Radio.Group>
        )}
        <FormAlert messages={messages} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {send.data ? 'Done' : 'Cancel'}
          </Button>
          {send.data ? null : (
            <Button
              loading={send.isPending}
              onClick={() => send.mutate({ channel, idempotencyKey: keys[channel] })}
            >
              Send Receipt
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
