import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { SandboxReaderCard, TakePaymentAnswer } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { useReaderPayment } from '../api/follow-reader-payment';
import { usePresentSandboxCard } from '../api/present-sandbox-card';
import type { TakePaymentVariables } from '../api/take-payment';
import { declineMessage } from '../hooks/use-take-payment-submit';
import { PaymentConfirmation } from './payment-confirmation';
import { surfaces } from '../../../lib/scheme-colors';

/** The sandbox reader's test cards (docs/reference/payments.md "Simulated card reader"), as staff read them. */
const sandboxCards: { card: SandboxReaderCard; label: string }[] = [
  { card: 'visa_credit', label: 'Visa credit (approved)' },
  { card: 'visa_debit', label: 'Visa debit (approved)' },
  { card: 'declined', label: 'Declined card' },
  { card: 'insufficient_funds', label: 'Insufficient funds' },
];

type Props = {
  merchantId: string;
  customerId: string;
  attempt: TakePaymentVariables;
  first: TakePaymentAnswer;
  onDone: () => void;
  /** After a decline: back to the form, for another card or another way to pay. */
  onTryAgain: () => void;
};

/**
 * Card present (POS): the payment waits on the merchant's card reader. The panel asks for the outcome until
 * the card is presented; the sandbox's simulated reader offers its test cards to present here. A real reader
 * shows only the waiting state and the outcome.
 */
export function CardReaderPanel({ merchantId, customerId, attempt, first, onDone, onTryAgain }: Props) {
  const payment = useReaderPayment(merchantId, customerId, attempt, first);
  const present = usePresentSandboxCard(merchantId, attempt.idempotencyKey);
  const current = payment.data;

  if (current.status === 'FAILED') {
    return (
      <Stack aria-label="Card reader" role="region">
        <Alert color="red" variant="light" role="alert" title="Payment declined">
          {declineMessage(current)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button onClick={onTryAgain}>Try Again</Button>
        </Group>
      </Stack>
    );
  }
  if (current.status !== 'PENDING') return <PaymentConfirmation transaction={current} onDone={onDone} />;

  const reader = current.reader;
  const presentError = present.error ? present.error.message : null;
  return (
    <Stack aria-label="Card reader" role="region">
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text fw={600}>Waiting for the card reader</Text>
      </Group>
      <Text size="sm">
        {`Ask the customer to tap, insert or swipe their card for ${formatCurrency(current.payment.amount_cents)}. No convenience fee on a card present.`}
      </Text>
      {reader?.simulated ? (
        <Stack gap="xs" p="sm" bg={surfaces.muted} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text size="sm" fw={600}>
            Sandbox reader: present a test card
          </Text>
          <Group gap="xs">
            {sandboxCards.map(({ card, label }) => (
              <Button
                key={card}
                size="xs"
                variant="default"
                disabled={present.isPending || present.isSuccess}
                onClick={() => present.mutate({ requestId: reader.request_id, card })}
              >
                {label}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}
      {presentError ? (
        <Alert color="red" variant="light" role="alert">
          {presentError}
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        You may close this window: the payments list shows the outcome, and nothing is charged twice.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
