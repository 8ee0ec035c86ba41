import { Button, Group, Pill, Text } from '@mantine/core';

/** An active filter of a list, shown as a chip with a × that removes it. */
export type DataTableFilter = {
  /** Names the filter for React and tests ('location'). */
  key: string;
  /** What the chip says ('Location: South Lot'). */
  label: string;
  onRemove: () => void;
};

export type DataTableToolbarProps = {
  /** Rows on every page together (the API's count); undefined while the first page loads. */
  count: number | undefined;
  /** The server stopped counting at `count`: it reads '10,000+ customers'. */
  isCountCapped?: boolean;
  /** What a row is, one and many ('customer', 'customers'): the count reads '1,234 customers'. */
  noun: readonly [string, string];
  filters?: readonly DataTableFilter[];
  /** 'Clear all' removes every filter at once. */
  onClearFilters?: () => void;
};

/**
 * Above a list's table (beside its search, where there is room): how many rows the search and filters found
 * (the page answer's count) and the active filters as removable chips.
 */
export function DataTableToolbar({
  count,
  isCountCapped = false,
  noun,
  filters = [],
  onClearFilters,
}: DataTableToolbarProps) {
  const counted =
    count === undefined
      ? ''
      : `${count.toLocaleString('en-US')}${isCountCapped ? '+' : ''} ${count === 1 && !isCountCapped ? noun[0] : noun[1]}`;
  return (
    <Group gap="xs" wrap="wrap" mih={28}>
      <Text size="sm" fw={600} aria-live="polite" mr="xs">
        {counted}
      </Text>
      {filters.length > 0 ? (
        <Group gap={6} wrap="wrap" role="group" aria-label="Active filters">
          {filters.map((filter) => (
            <Pill
              key={filter.key}
              size="md"
              withRemoveButton
              onRemove={filter.onRemove}
              // Pill's × is hidden from the keyboard and screen readers by default (it serves PillsInput,
              // where Backspace removes); here it is the only way to remove the filter from the chip.
              removeButtonProps={{
                'aria-label': `Remove filter: ${filter.label}`,
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {filter.label}
            </Pill>
          ))}
          {onClearFilters ? (
            <Button size="compact-xs" variant="subtle" onClick={onClearFilters}>
              Clear all
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}
