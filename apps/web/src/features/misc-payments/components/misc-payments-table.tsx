import { Anchor, Text } from '@mantine/core';
import type { MiscPaymentRow } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';
import { formatDateTime } from '../../../lib/date-time';
import { customerPagePath } from '../../../lib/page-paths';

type TableContext = { merchantId: string; timeZone: string | null };

// The cells read these from context, so the columns stay the same objects between renders.
const MiscTableContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const none = <Text c="dimmed">—</Text>;

function DateCell({ row }: { row: MiscPaymentRow }) {
  return formatDateTime(row.created, use(MiscTableContext).timeZone);
}

function CustomerCell({ row }: { row: MiscPaymentRow }) {
  const { merchantId } = use(MiscTableContext);
  const name = `${row.customer.first_name} ${row.customer.last_name}`.trim() || row.customer.external_id;
  return (
    <Anchor component={Link} to={customerPagePath(merchantId, row.customer.id)} size="sm">
      {name}
    </Anchor>
  );
}

const columns: DataTableColumn<MiscPaymentRow>[] = [
  { id: 'created', header: 'Date', cell: ({ row }) => <DateCell row={row.original} /> },
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  { id: 'description', header: 'Description', cell: ({ row }) => row.original.payment.note || none },
  { id: 'method', header: 'Method', cell: ({ row }) => row.original.payment.method_label },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => (
      <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCurrency(row.original.payment.amount_cents)}
      </Text>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <PaymentStatusBadge status={row.original.status} /> },
  // '' when nobody on staff took it (an API key).
  { id: 'taken_by', header: 'Taken By', cell: ({ row }) => row.original.taken_by || none },
];

type Props = {
  merchantId: string;
  timeZone: string | null;
  rows: MiscPaymentRow[] | undefined;
  isFetching: boolean;
  paging: DataTablePaging;
};

/** The merchant's misc (down) payments, newest first; a row opens its customer. */
export function MiscPaymentsTable({ merchantId, timeZone, rows, isFetching, paging }: Props) {
  const navigate = useNavigate();
  return (
    <MiscTableContext value={{ merchantId, timeZone }}>
      <DataTable
        label="Misc Payments"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        isFetching={isFetching}
        paging={paging}
        onRowClick={(row) => void navigate(customerPagePath(merchantId, row.customer.id))}
        emptyState={
          <EmptyState
            title="No misc payments yet."
            description="Down payments and other payments taken before there is an account show here."
          />
        }
      />
    </MiscTableContext>
  );
}
