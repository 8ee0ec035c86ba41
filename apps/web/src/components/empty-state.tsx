import { Paper, Text } from '@mantine/core';

/** An honest empty list: what is missing and, when the feature is not built yet, that it comes later. */
export function EmptyState({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" mt={4}>
        {description}
      </Text>
    </Paper>
  );
}
