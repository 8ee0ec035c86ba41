import { Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';

export function FailedPaymentsPage() {
  return (
    <Stack>
      <Title order={2}>Failed Payments</Title>
      <EmptyState
        title="No failed payments yet."
        description="Payments are not processed yet. Failed payments will be listed here once payment processing arrives."
      />
    </Stack>
  );
}
