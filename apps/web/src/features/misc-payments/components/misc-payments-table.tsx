import { Anchor, Stack, Text } from '@mantine/core';
import type { MiscPaymentRow } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use, useMemo, type ComponentType } from 'react';
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

/** What the page puts in a row beside the list's own cells (the Refund action, the amount refunded). */
export type MiscRowPart = ComponentType<{ transaction: MiscPaymentRow }>;

type TableContext = {
  merchantId: string;
  timeZone: string | null;
  StatusNote: MiscRowPart | null;
  RowActions: MiscRowPart | null;
};

// The cells read these from context, so the columns stay the same objects between renders.
const MiscTableContext = createContext<TableContext>({
  merchantId: '',
  timeZone: null,
  StatusNote: null,
  RowActions: null,
});

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

function StatusCell({ row }: { row: MiscPaymentRow }) {
  const { StatusNote } = use(MiscTableContext);
  return (
    <Stack gap={2} align="flex-start">
      <PaymentStatusBadge status={row.status} />
      {StatusNote ? <StatusNote transaction={row} /> : null}
    </Stack>
  );
}

function ActionsCell({ row }: { row: MiscPaymentRow }) {
  const { RowActions } = use(MiscTableContext);
  return RowActions ? <RowActions transaction={row} /> : null;
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
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusCell row={row.original} /> },
  // '' when nobody on staff took it (an API key).
  { id: 'taken_by', header: 'Taken By', cell: ({ row }) => row.original.taken_by || none },
];

const actionsColumn: DataTableColumn<MiscPaymentRow> = {
  id: 'actions',
  header: 'Actions',
  cell: ({ row }) => <ActionsCell row={row.original} />,
};

type Props = {
  merchantId: string;
  timeZone: string | null;
  rows: MiscPaymentRow[] | undefined;
  isFetching: boolean;
  paging: DataTablePaging;
  /** Under a row's status (a refund's own row, how much a payment has had refunded). */
  statusNote?: MiscRowPart | undefined;
  /** A row's actions; none: the list has no Actions column. */
  rowActions?: MiscRowPart | undefined;
};

/** The merchant's misc (down) payments and their refunds, newest first; a row opens its customer. */
export function MiscPaymentsTable(props: Props) {
  const { merchantId, timeZone, rows, isFetching, paging, statusNote, rowActions } = props;
  const navigate = useNavigate();
  const hasActions = rowActions !== undefined;
  const shown = useMemo(() => (hasActions ? [...columns, actionsColumn] : columns), [hasActions]);
  const context = { merchantId, timeZone, StatusNote: statusNote ?? null, RowActions: rowActions ?? null };
  return (
    <MiscTableContext value={context}>
      <DataTable
        label="Misc Payments"
        columns={shown}
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
