import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import { formatCurrency } from '@paylane/shared/format';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { formatDateTime } from '../../../lib/date-time';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRequestPayment } from '../../pay-links/api/request-payment';

type Props = {
  merchantId: string;
  customerId: string;
  account: CustomerAccount;
  accountTitle: string;
  timeZone: string | undefined;
  onClose: () => void;
};

const noFieldErrors = () => undefined;

/**
 * 'Request Payment' (issue 16 item 4): texts the customer a new pay link with the merchant's PAYMENTREQUEST
 * template. Mounted only while open, so each opening is one request with one Idempotency-Key: a double click
 * or a retry after a lost answer texts once.
 */
export function RequestPaymentModal(props: Props) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const request = useRequestPayment();
  const send = () => {
    setFormMessages([]);
    request.mutate(
      {
        merchantId: props.merchantId,
        customerId: props.customerId,
        accountId: props.account.id,
        idempotencyKey,
      },
      { onError: (error) => setFormMessages(applyServerErrors(error, noFieldErrors, [])) },
    );
  };
  const sent = request.data;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title="Request Payment"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          {`${props.accountTitle} · Amount Due ${formatCurrency(props.account.amount_due_cents)}`}
        </Text>
        {sent ? (
          <Alert color="green" variant="light" title="Payment request sent">
            <Text size="sm">
              The customer was texted a payment link, open until{' '}
              {formatDateTime(sent.expires_at, props.timeZone)}.
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {sent.payment_link}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            Texts the customer the Payment Request message with a new payment link for this account. The
            customer pays the amount due on their phone.
          </Text>
        )}
        <FormAlert messages={formMessages} />
        <Group justify="flex-end">
          {sent ? (
            <Button onClick={props.onClose}>Done</Button>
          ) : (
            <>
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button onClick={send} loading={request.isPending}>
                Send Request
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
