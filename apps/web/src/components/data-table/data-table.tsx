import { Box, Center, LoadingOverlay, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Fragment, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageFooter } from '../page-footer';
import { DataTableHeader } from './data-table-header';
import { useRowPath } from './row-link';
import { selectionColumn } from './selection-column';

/** docs/product.md §9: the shared table pages by 50, 75 or 100 rows (50 first); other tables pass 10, 20, 50. */
export const DATA_TABLE_PAGE_SIZES = [50, 75, 100] as const;
export const DEFAULT_DATA_TABLE_PAGE_SIZE = 50;

/** A column of the table. A sortable column's id is the API's ordering field and it has an accessorFn. */
export type DataTableColumn<T> = ColumnDef<T, unknown>;

export type DataTablePaging = {
  /** Rows on every page together (the API's count). */
  count: number;
  /** The API stopped counting at `count`; the footer says '{count}+'. */
  isCountCapped?: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  /** A new page size starts again at page 1. */
  onChange: (next: { page: number; pageSize: number }) => void;
};

export type DataTableSelection<T> = {
  selectedIds: readonly string[];
  onChange: (selectedIds: string[]) => void;
  /** Names a row's checkbox for screen readers ('Select Ada Lovelace'). */
  getRowLabel?: (row: T) => string;
};

export type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: DataTableColumn<T>[];
  /** undefined while the first page loads. */
  data: T[] | undefined;
  getRowId: (row: T) => string;
  /** Server-side sort: the parent fetches in this order. Without onSortingChange no header sorts. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  paging?: DataTablePaging;
  selection?: DataTableSelection<T>;
  /** A later page or sort is loading: the rows on screen stay, dimmed, until it arrives. */
  isFetching?: boolean;
  emptyState?: ReactNode;
  /** An expandable table: a row click shows this under the row instead of opening it. */
  renderExpanded?: (row: T) => ReactNode;
  /** Custom selection: a row click is the parent's (e.g. picking a record) instead of opening it. */
  onRowClick?: (row: T) => void;
};

const noRows: never[] = [];

const resolve = <S,>(updater: Updater<S>, current: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;

/** Clicks on the row's own controls (links, buttons, checkboxes) are theirs, not the row's. */
const isControlClick = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, select, textarea, label, [role="button"], [role="checkbox"]') !==
    null;

/**
 * The spec's "sortable selectable data table" (docs/product.md §2 shared behaviour, §9 paging): the parent owns sort, page
 * and page size and fetches from the server; the table shows one page, its footer only when there are more.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, data, paging, selection, isFetching = false, renderExpanded, onRowClick } = props;
  const navigate = useNavigate();
  const rowPath = useRowPath();
  const isSelectable = Boolean(selection);
  // Rebuilt only with the parent's columns: choosing rows must not replace their checkboxes (selection-column).
  const columns = useMemo(
    () => (isSelectable ? [selectionColumn<T>(), ...props.columns] : props.columns),
    [isSelectable, props.columns],
  );
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries((selection?.selectedIds ?? []).map((id) => [id, true])),
    [selection?.selectedIds],
  );
  // The app does not use the React Compiler; the table instance is read fresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data ?? noRows,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: paging?.count,
    enableSorting: Boolean(props.onSortingChange),
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowSelection: isSelectable,
    meta: { getRowLabel: selection?.getRowLabel },
    getRowCanExpand: () => Boolean(renderExpanded),
    state: {
      sorting: props.sorting ?? [],
      rowSelection,
      pagination: { pageIndex: (paging?.page ?? 1) - 1, pageSize: paging?.pageSize ?? data?.length ?? 0 },
    },
    onSortingChange: (updater) => props.onSortingChange?.(resolve(updater, props.sorting ?? [])),
    onRowSelectionChange: (updater) => {
      const next = resolve(updater, rowSelection);
      selection?.onChange(Object.keys(next).filter((id) => next[id]));
    },
  });

  const onRowClickOf = (row: Row<T>) => (event: MouseEvent) => {
    if (isControlClick(event)) return;
    if (onRowClick) onRowClick(row.original);
    else if (renderExpanded) row.toggleExpanded();
    else void navigate(rowPath(row.id));
  };
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <Stack gap="sm">
      <Box pos="relative">
        <LoadingOverlay visible={isFetching && data !== undefined} overlayProps={{ opacity: 0.4, blur: 0 }} />
        <Table.ScrollContainer minWidth={640}>
          {/* Dense rows for all-day work (issue 20): ~36 px, one line each (cells do not wrap). */}
          <Table
            highlightOnHover
            verticalSpacing={6}
            fz="sm"
            aria-label={label}
            aria-busy={isFetching || data === undefined}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => (
                    <DataTableHeader key={header.id} header={header} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {data === undefined ? (
                <SkeletonRows columnCount={columnCount} />
              ) : data.length === 0 ? (
                <StatusRow columnCount={columnCount}>
                  {props.emptyState ?? <Text c="dimmed">No Results Found</Text>}
                </StatusRow>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <Fragment key={row.id}>
                    <Table.Tr
                      onClick={onRowClickOf(row)}
                      style={{ cursor: 'pointer' }}
                      data-selected={selection ? row.getIsSelected() : undefined}
                      aria-expanded={renderExpanded ? row.getIsExpanded() : undefined}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <Table.Td key={cell.id} style={{ whiteSpace: 'nowrap' }}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                    {renderExpanded && row.getIsExpanded() ? (
                      <Table.Tr>
                        <Table.Td colSpan={columnCount}>{renderExpanded(row.original)}</Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      {paging ? (
        <PageFooter
          count={paging.count}
          isCountCapped={paging.isCountCapped}
          page={paging.page}
          pageSize={paging.pageSize}
          pageSizes={paging.pageSizes ?? DATA_TABLE_PAGE_SIZES}
          onPageChange={(page) => paging.onChange({ page, pageSize: paging.pageSize })}
          onPageSizeChange={(pageSize) => paging.onChange({ page: 1, pageSize })}
        />
      ) : null}
    </Stack>
  );
}

function StatusRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnCount}>
        <Center py="lg">{children}</Center>
      </Table.Td>
    </Table.Tr>
  );
}

/** Rows shaped like the table's while its first page loads (issue 20 item 8: skeletons, not spinners). */
const SKELETON_ROWS = 5;

function SkeletonRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columnCount }, (_, column) => {
        const bar = <Skeleton h={12} w={column === 0 ? '70%' : '50%'} />;
        return (
          <Table.Td key={column}>
            {row === 0 && column === 0 ? (
              <Box role="status" aria-label="Loading">
                {bar}
              </Box>
            ) : (
              <Box aria-hidden>{bar}</Box>
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  ));
}
