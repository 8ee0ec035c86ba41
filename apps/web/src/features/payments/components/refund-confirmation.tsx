import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { Refund } from '@paylane/shared/contracts/refunds';
import { formatCurrency } from '@paylane/shared/format';
import { translateMessage } from '@paylane/shared/messages';

function sourceLine(source: Refund['sources'][number]): string {
  const fee =
    source.convenience_fee_cents > 0 ? `, fee ${formatCurrency(source.convenience_fee_cents)} returned` : '';
  const amount = `${source.payment_method}: ${formatCurrency(source.amount_cents)}${fee}`;
  if (source.status === 'REFUND') return `${amount} — refunded`;
  if (source.status === 'FAILED')
    return `${amount} — failed: ${translateMessage(source.failure_message ?? source.failure_code ?? 'refund failed')}`;
  return `${amount} — waiting for the processor`;
}

/** What the refund did, source by source (a processor may still refuse one: it says so here). */
export function RefundConfirmation({ refund, onDone }: { refund: Refund; onDone: () => void }) {
  const isAllDone = refund.sources.every((source) => source.status === 'REFUND');
  return (
    <Stack>
      <Text role="status" fw={600}>
        {isAllDone
          ? `Refunded ${formatCurrency(refund.total_amount_cents)}`
          : `Refund of ${formatCurrency(refund.total_amount_cents)} not completed in full`}
      </Text>
      <List size="sm">
        {refund.sources.map((source) => (
          <List.Item key={source.id}>{sourceLine(source)}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
