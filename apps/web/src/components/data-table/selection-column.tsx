import { Checkbox } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';

export const SELECTION_COLUMN_ID = 'select';

/**
 * The checkbox column of a selectable table: the header box selects every row of the page shown (the other
 * pages keep their choices, since the parent holds the selected ids), a row's box selects that row.
 */
export function selectionColumn<T>(getRowLabel?: (row: T) => string): ColumnDef<T, unknown> {
  return {
    id: SELECTION_COLUMN_ID,
    enableSorting: false,
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={getRowLabel ? `Select ${getRowLabel(row.original)}` : 'Select row'}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
