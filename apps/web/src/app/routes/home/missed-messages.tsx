import { Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';

export function MissedMessagesPage() {
  return (
    <Stack>
      <Title order={2}>Missed Messages</Title>
      <EmptyState
        title="No missed messages yet."
        description="Customer texting is not available yet. Messages waiting for an answer will be listed here once it arrives."
      />
    </Stack>
  );
}
