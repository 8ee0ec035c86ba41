import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';

type Props = { transaction: Transaction; customerLabel: string; onDone: () => void };

/** What was taken: whose, what for, how, how much, and its status. */
export function MiscPaymentConfirmation({ transaction, customerLabel, onDone }: Props) {
  const { payment } = transaction;
  const lines = [
    { label: 'Customer', value: customerLabel },
    { label: 'Description', value: payment.note },
    { label: 'Paid With', value: payment.method_label },
    { label: 'Amount', value: formatCurrency(payment.amount_cents) },
  ];
  return (
    <Stack aria-label="Payment taken" role="status" maw={520}>
      <Group gap="sm">
        <Text fw={600}>Payment taken</Text>
        <PaymentStatusBadge status={transaction.status} />
      </Group>
      <SimpleGrid cols={2} component="dl" m={0} spacing="xs">
        {lines.map((line) => (
          <Box key={line.label}>
            <Text component="dt" size="xs" c="dimmed">
              {line.label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {line.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
