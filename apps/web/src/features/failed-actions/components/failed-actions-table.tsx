import { Anchor, Text } from '@mantine/core';
import type { FailedAction } from '@paylane/shared/contracts/failed-actions';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
  type DataTableSelection,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/date-time';
import { customerPagePath } from '../../../lib/page-paths';
import { FailedActionButtons } from './failed-action-buttons';
import { customerNameOf, kindLabels, stateLabels } from './failed-action-display';

type TableContext = { merchantId: string; timeZone: string | null };

// The cells read these from context, so the columns stay the same objects between renders.
const FailedActionsContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const none = <Text c="dimmed">—</Text>;

function WhenCell({ row }: { row: FailedAction }) {
  const { timeZone } = use(FailedActionsContext);
  return formatDateTime(row.created_at, timeZone);
}

function CustomerCell({ row }: { row: FailedAction }) {
  const { merchantId } = use(FailedActionsContext);
  if (!row.customer) return none;
  return (
    <Anchor component={Link} to={customerPagePath(merchantId, row.customer.id)} size="sm">
      {customerNameOf(row)}
    </Anchor>
  );
}

function ReasonCell({ row }: { row: FailedAction }) {
  return (
    <Text size="sm">
      {row.reason_message || '—'}
      {row.amount !== null ? ` (${formatCurrency(row.amount)})` : ''}
    </Text>
  );
}

function StateCell({ row }: { row: FailedAction }) {
  // Open waits for someone (warning); retried is money or a message through (success); resolved is closed.
  const tone = row.state === 'open' ? 'warning' : row.state === 'retried' ? 'success' : 'muted';
  const by = row.resolved_by?.name ? ` · ${row.resolved_by.name}` : '';
  return <StatusBadge status={row.state} label={`${stateLabels[row.state]}${by}`} tone={tone} />;
}

function ActionsCell({ row }: { row: FailedAction }) {
  const { merchantId } = use(FailedActionsContext);
  return <FailedActionButtons merchantId={merchantId} action={row} />;
}

const columns: DataTableColumn<FailedAction>[] = [
  { id: 'when', header: 'When', cell: ({ row }) => <WhenCell row={row.original} /> },
  { id: 'kind', header: 'Kind', cell: ({ row }) => kindLabels[row.original.kind] },
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  {
    id: 'account',
    header: 'Account',
    cell: ({ row }) => (row.original.account ? (row.original.account.external_id ?? '(no ID)') : none),
  },
  { id: 'reason', header: 'Reason', cell: ({ row }) => <ReasonCell row={row.original} /> },
  { id: 'retryable', header: 'Retryable', cell: ({ row }) => (row.original.is_retryable ? 'Yes' : 'No') },
  { id: 'state', header: 'State', cell: ({ row }) => <StateCell row={row.original} /> },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <ActionsCell row={row.original} /> },
];

type Props = TableContext & {
  label: string;
  rows: FailedAction[] | undefined;
  isFetching: boolean;
  empty: { title: string; description: string };
  paging?: DataTablePaging;
  selection?: DataTableSelection<FailedAction>;
};

/** The failed actions of a merchant: when, kind, customer link, account, reason, retryable, state, Retry/Resolve. */
export function FailedActionsTable(props: Props) {
  const { merchantId, timeZone, label, rows, isFetching, empty, paging, selection } = props;
  const navigate = useNavigate();
  // A row opens its customer, as a click on the name does.
  const openCustomer = (row: FailedAction) => {
    if (row.customer) void navigate(customerPagePath(merchantId, row.customer.id));
  };
  return (
    <FailedActionsContext value={{ merchantId, timeZone }}>
      <DataTable
        label={label}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        isFetching={isFetching}
        paging={paging}
        selection={selection}
        onRowClick={openCustomer}
        emptyState={<EmptyState title={empty.title} description={empty.description} />}
      />
    </FailedActionsContext>
  );
}
