import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** 'Payment taken', or what the status makes it. */
  title: string;
  /** The payment's status badge. */
  status: ReactNode;
  /** Each a line of its own: 'Paid With', 'Amount', … */
  lines: readonly { label: string; value: string }[];
  /** Under the lines: what the status means, when it needs saying. */
  note?: ReactNode;
  onDone: () => void;
  maw?: number;
};

/** What a payment just taken came to, line by line, with its status, announced to screen readers, and Done. */
export function PaymentTakenSummary({ title, status, lines, note, onDone, maw }: Props) {
  return (
    <Stack aria-label="Payment taken" role="status" maw={maw}>
      <Group gap="sm">
        <Text fw={600}>{title}</Text>
        {status}
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
      {note}
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
