import { Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';

export function HomeOverviewPage() {
  return (
    <Stack>
      <Title order={2}>Overview</Title>
      <EmptyState
        title="No activity yet."
        description="Payments and customer messaging arrive in later releases; their totals will show here then."
      />
    </Stack>
  );
}
