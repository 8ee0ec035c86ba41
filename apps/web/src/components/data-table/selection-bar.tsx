import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** How many rows are chosen (across pages); the bar shows only when some are. */
  count: number;
  /** What a row is, one and many ('customer', 'customers'). */
  noun: readonly [string, string];
  /** The region's accessible name ('Selected customers'). */
  label: string;
  onClear: () => void;
  /** What can be done with the chosen rows (buttons). */
  children: ReactNode;
};

/** Height a page keeps free at its bottom while the bar shows, so the bar never covers its paging. */
export const SELECTION_BAR_SPACE = 72;

/**
 * A list's bulk actions, floating at the bottom of the window while rows are chosen: it stays in reach as the
 * list scrolls and never pushes the table down when the first row is ticked.
 */
export function DataTableSelectionBar({ count, noun, label, onClear, children }: Props) {
  if (count === 0) return null;
  return (
    <Affix position={{ bottom: 20, left: '50%' }} style={{ transform: 'translateX(-50%)' }}>
      <Paper withBorder shadow="md" radius="md" px="md" py="xs" role="region" aria-label={label}>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {`${count.toLocaleString('en-US')} ${count === 1 ? noun[0] : noun[1]} selected`}
          </Text>
          {children}
          <Button size="compact-sm" variant="subtle" onClick={onClear}>
            Clear Selection
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
