import { Anchor, Text } from '@mantine/core';
import type { PaymentPromise } from '@paylane/shared/contracts/promises';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { customerPagePath } from '../../../lib/page-paths';
import { amountText, promisedAt } from '../promise-display';
import { PromiseActions } from './promise-actions';
import { PromiseOutcomeBadge, PromiseStatusBadge } from './promise-badges';

type TableContext = { merchantId: string; timeZone: string | null };

// The cells read these from context, so the columns stay the same objects between renders.
const PromisesTableContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const none = <Text c="dimmed">—</Text>;
const money = (text: string) => (
  <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
    {text}
  </Text>
);

const customerName = (row: PaymentPromise) =>
  `${row.customer.first_name} ${row.customer.last_name}`.trim() || 'Customer';
const accountName = (row: PaymentPromise) => row.account.external_id ?? '(no ID)';

function CustomerCell({ row }: { row: PaymentPromise }) {
  const { merchantId } = use(PromisesTableContext);
  return (
    <Anchor component={Link} to={customerPagePath(merchantId, row.customer.id)} size="sm">
      {customerName(row)}
    </Anchor>
  );
}

function PromisedCell({ row }: { row: PaymentPromise }) {
  const { timeZone } = use(PromisesTableContext);
  return promisedAt(row, timeZone);
}

function ActionsCell({ row }: { row: PaymentPromise }) {
  const { merchantId, timeZone } = use(PromisesTableContext);
  return (
    <PromiseActions
      merchantId={merchantId}
      promise={row}
      timeZone={timeZone}
      where={`of ${customerName(row)} on Account ${accountName(row)}`}
    />
  );
}

const columns: DataTableColumn<PaymentPromise>[] = [
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  { id: 'account', header: 'Account', cell: ({ row }) => row.original.account.external_id ?? none },
  { id: 'promised', header: 'Promised', cell: ({ row }) => <PromisedCell row={row.original} /> },
  { id: 'amount', header: 'Amount', cell: ({ row }) => money(amountText(row.original.amount_cents)) },
  { id: 'status', header: 'Status', cell: ({ row }) => <PromiseStatusBadge promise={row.original} /> },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => <PromiseOutcomeBadge outcome={row.original.outcome} />,
  },
  { id: 'paid', header: 'Paid', cell: ({ row }) => money(formatCurrency(row.original.paid_cents)) },
  {
    id: 'method',
    header: 'Scheduled Method',
    cell: ({ row }) => row.original.payment_method?.label ?? none,
  },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <ActionsCell row={row.original} /> },
];

type Props = {
  merchantId: string;
  timeZone: string | null;
  rows: PaymentPromise[] | undefined;
  isFetching: boolean;
  isFiltered: boolean;
  paging: DataTablePaging;
};

/** The merchant's promises to pay: who, when, how much, Confirmed or not, what came of it; Confirm and Cancel. */
export function PromisesTable({ merchantId, timeZone, rows, isFetching, isFiltered, paging }: Props) {
  const navigate = useNavigate();
  return (
    <PromisesTableContext value={{ merchantId, timeZone }}>
      <DataTable
        label="Promises"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        isFetching={isFetching}
        paging={paging}
        // A row opens its customer (promises have no page of their own); Confirm and Cancel act in place.
        onRowClick={(row) => void navigate(customerPagePath(merchantId, row.customer.id))}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={
              isFiltered
                ? 'No promise matches these filters.'
                : 'No promises yet. Promises to pay made on accounts show here.'
            }
          />
        }
      />
    </PromisesTableContext>
  );
}
