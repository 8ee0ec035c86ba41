import { Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';

export function AutoMessagesPage() {
  return (
    <Stack>
      <Title order={2}>Auto Messages</Title>
      <EmptyState
        title="No auto messages yet."
        description="Automated messages are not available yet. Messages sent by automations will be listed here once they arrive."
      />
    </Stack>
  );
}
