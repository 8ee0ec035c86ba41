import { Checkbox } from '@mantine/core';
import type { CellContext, ColumnDef, HeaderContext, RowData } from '@tanstack/react-table';

export const SELECTION_COLUMN_ID = 'select';

declare module '@tanstack/react-table' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface TableMeta<TData extends RowData> {
    /** Names a row's checkbox for screen readers ('Select Ada Lovelace'). */
    getRowLabel?: (row: TData) => string;
  }
}

// Module-level components: the table renders a column's header and cell as components, so new functions on a
// render would replace every checkbox then (a box found or focused a moment before is gone, and a click or a
// key press on it does nothing). The row label is read from the table's meta for the same reason.
function SelectAllCheckbox<T>({ table }: HeaderContext<T, unknown>) {
  return (
    <Checkbox
      aria-label="Select all rows on this page"
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

function SelectRowCheckbox<T>({ row, table }: CellContext<T, unknown>) {
  const getRowLabel = table.options.meta?.getRowLabel;
  return (
    <Checkbox
      aria-label={getRowLabel ? `Select ${getRowLabel(row.original)}` : 'Select row'}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

/**
 * The checkbox column of a selectable table: the header box selects every row of the page shown (the other
 * pages keep their choices, since the parent holds the selected ids), a row's box selects that row.
 */
export function selectionColumn<T>(): ColumnDef<T, unknown> {
  return {
    id: SELECTION_COLUMN_ID,
    enableSorting: false,
    header: SelectAllCheckbox,
    cell: SelectRowCheckbox,
  };
}
