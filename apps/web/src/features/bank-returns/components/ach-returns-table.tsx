import { Anchor, Text } from '@mantine/core';
import type { AchReturn } from '@paylane/shared/contracts/bank-returns';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { EmptyState } from '../../../components/empty-state';
import { customerPagePath } from '../../../lib/page-paths';

type TableContext = { merchantId: string; timeZone: string | null };
const AchReturnsContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const customerName = (row: AchReturn) =>
  `${row.customer.first_name} ${row.customer.last_name}`.trim() || 'Customer';

function CustomerCell({ row }: { row: AchReturn }) {
  const { merchantId } = use(AchReturnsContext);
  if (!row.customer.id) return <Text size="sm">{customerName(row)}</Text>;
  return (
    <Anchor component={Link} to={customerPagePath(merchantId, row.customer.id)} size="sm">
      {customerName(row)}
    </Anchor>
  );
}

function ReturnedCell({ row }: { row: AchReturn }) {
  const { timeZone } = use(AchReturnsContext);
  return formatDate(todayIn(timeZone, new Date(row.returned_at)));
}

const columns: DataTableColumn<AchReturn>[] = [
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  { id: 'account', header: 'Account', cell: ({ row }) => row.original.account?.external_id ?? '—' },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => (
      <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCurrency(row.original.amount_cents)}
      </Text>
    ),
  },
  { id: 'code', header: 'Code', cell: ({ row }) => row.original.code },
  { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
  { id: 'returned', header: 'Returned', cell: ({ row }) => <ReturnedCell row={row.original} /> },
  {
    id: 'settled',
    header: 'After Settlement',
    cell: ({ row }) => (row.original.was_settled ? 'Yes' : 'No'),
  },
  { id: 'action', header: 'Action Taken', cell: ({ row }) => row.original.action_taken },
];

type Props = {
  merchantId: string;
  timeZone: string | null;
  rows: AchReturn[] | undefined;
  isFetching: boolean;
  isFiltered: boolean;
  paging: DataTablePaging;
};

/** The merchant's returned bank payments: who, how much, the code and reason, when, and what was done. */
export function AchReturnsTable({ merchantId, timeZone, rows, isFetching, isFiltered, paging }: Props) {
  const navigate = useNavigate();
  return (
    <AchReturnsContext value={{ merchantId, timeZone }}>
      <DataTable
        label="ACH Returns"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        isFetching={isFetching}
        paging={paging}
        // A row opens its customer (a return has no page of its own).
        onRowClick={(row) => {
          if (row.customer.id) void navigate(customerPagePath(merchantId, row.customer.id));
        }}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={
              isFiltered ? 'No return matches these filters.' : 'No bank payment has been returned.'
            }
          />
        }
      />
    </AchReturnsContext>
  );
}
