import { Anchor, Text } from '@mantine/core';
import type { AutopayFailure } from '@paylane/shared/contracts/autopay';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { customerPagePath } from '../../../lib/page-paths';

type Props = {
  merchantId: string;
  rows: AutopayFailure[] | undefined;
  isFetching: boolean;
  paging: DataTablePaging;
};

const customerName = (row: AutopayFailure) =>
  `${row.customer.first_name} ${row.customer.last_name}`.trim() || 'Customer';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US');

/** The failed autopay charges: who, which account, the due date and attempt, the amount, why, the next try. */
export function AutopayFailuresTable({ merchantId, rows, isFetching, paging }: Props) {
  const columns = useMemo<DataTableColumn<AutopayFailure>[]>(
    () => [
      {
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => (
          <Anchor component={Link} to={customerPagePath(merchantId, row.original.customer.id)} size="sm">
            {customerName(row.original)}
          </Anchor>
        ),
      },
      { id: 'account', header: 'Account', cell: ({ row }) => row.original.account.external_id ?? '(no ID)' },
      { id: 'due_date', header: 'Due Date', cell: ({ row }) => formatDate(row.original.due_date) },
      { id: 'attempt', header: 'Attempt', cell: ({ row }) => row.original.attempt },
      {
        id: 'amount',
        header: 'Amount',
        cell: ({ row }) =>
          row.original.amount_cents === null ? '—' : formatCurrency(row.original.amount_cents),
      },
      { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
      {
        id: 'next_attempt',
        header: 'Next Attempt',
        cell: ({ row }) =>
          row.original.next_attempt_at ? (
            dateTime(row.original.next_attempt_at)
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          ),
      },
      { id: 'created', header: 'Failed At', cell: ({ row }) => dateTime(row.original.created) },
    ],
    [merchantId],
  );
  return (
    <DataTable
      label="Autopay failures"
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      isFetching={isFetching}
      paging={paging}
      emptyState={
        <EmptyState title="No autopay failures." description="No autopay charge failed in these days." />
      }
    />
  );
}
