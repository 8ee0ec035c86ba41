import { Anchor, Text } from '@mantine/core';
import type { ReportTransaction } from '@paylane/shared/contracts/payment-report';
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
const ReportTableContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const none = <Text c="dimmed">—</Text>;
const money = (cents: number) => (
  <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
    {formatCurrency(cents)}
  </Text>
);

function DateCell({ row }: { row: ReportTransaction }) {
  const { timeZone } = use(ReportTableContext);
  return formatDateTime(row.created, timeZone);
}

function CustomerCell({ row }: { row: ReportTransaction }) {
  const { merchantId } = use(ReportTableContext);
  if (!row.customer) return none;
  const name = `${row.customer.first_name} ${row.customer.last_name}`.trim() || row.customer.external_id;
  return (
    <Anchor component={Link} to={customerPagePath(merchantId, row.customer.id)} size="sm">
      {name}
    </Anchor>
  );
}

/** The fee column says when the fee was waived, so $0.00 is not read as "no fee applied". */
function FeeCell({ row }: { row: ReportTransaction }) {
  if (row.payment.fee_waived) return <Text size="sm">Waived</Text>;
  return money(row.payment.fee_cents);
}

const columns: DataTableColumn<ReportTransaction>[] = [
  { id: 'created', header: 'Date', cell: ({ row }) => <DateCell row={row.original} /> },
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  {
    id: 'account',
    header: 'Account Number',
    cell: ({ row }) => row.original.account?.account_number ?? none,
  },
  { id: 'method', header: 'Method', cell: ({ row }) => row.original.payment.method_label },
  { id: 'amount', header: 'Amount', cell: ({ row }) => money(row.original.payment.amount_cents) },
  { id: 'fee', header: 'Fee', cell: ({ row }) => <FeeCell row={row.original} /> },
  { id: 'total', header: 'Total', cell: ({ row }) => money(row.original.payment.total_amount_cents) },
  { id: 'status', header: 'Status', cell: ({ row }) => <PaymentStatusBadge status={row.original.status} /> },
  // '' when nobody on staff took it: the customer on the pay page, an automation or an API key.
  { id: 'taken_by', header: 'Taken By', cell: ({ row }) => row.original.taken_by || none },
];

type Props = {
  merchantId: string;
  timeZone: string | null;
  rows: ReportTransaction[] | undefined;
  isFetching: boolean;
  isFiltered: boolean;
  paging: DataTablePaging;
};

/** The payments of the report, newest first; a row opens its customer (payments have no page of their own). */
export function ReportTransactionsTable({
  merchantId,
  timeZone,
  rows,
  isFetching,
  isFiltered,
  paging,
}: Props) {
  const navigate = useNavigate();
  return (
    <ReportTableContext value={{ merchantId, timeZone }}>
      <DataTable
        label="Payments"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        isFetching={isFetching}
        paging={paging}
        onRowClick={(row) => {
          if (row.customer) void navigate(customerPagePath(merchantId, row.customer.id));
        }}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={
              isFiltered
                ? 'No payment matches these filters.'
                : 'No payments in these days. Payments taken show here.'
            }
          />
        }
      />
    </ReportTableContext>
  );
}
