import { Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';

export function CustomerRepliesPage() {
  return (
    <Stack>
      <Title order={2}>Customer Replies</Title>
      <EmptyState
        title="No customer replies yet."
        description="Customer texting is not available yet. Replies from customers will be listed here once it arrives."
      />
    </Stack>
  );
}
