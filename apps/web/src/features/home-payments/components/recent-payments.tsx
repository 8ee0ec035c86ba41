import { Alert, Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { RECENT_PAYMENTS_LIMIT, type ReportTransaction } from '@paylane/shared/contracts/payment-report';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';
import { formatDateTime } from '../../../lib/date-time';
import { customerPagePath } from '../../../lib/page-paths';
import { useRecentPayments } from '../api/list-recent-payments';

type TableContext = { merchantId: string; timeZone: string | null };
// The cells read these from context, so the columns stay the same objects between renders.
const RecentPaymentsContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const none = <Text c="dimmed">—</Text>;

function TimeCell({ row }: { row: ReportTransaction }) {
  const { timeZone } = use(RecentPaymentsContext);
  return formatDateTime(row.payment.paid_at ?? row.created, timeZone);
}

function CustomerCell({ row }: { row: ReportTransaction }) {
  const { merchantId } = use(RecentPaymentsContext);
  if (!row.customer) return none;
  const name = `${row.customer.first_name} ${row.customer.last_name}`.trim() || row.customer.external_id;
  return (
    <Anchor component={Link} to={customerPagePath(merchantId, row.customer.id)} size="sm">
      {name}
    </Anchor>
  );
}

const columns: DataTableColumn<ReportTransaction>[] = [
  { id: 'time', header: 'Time', cell: ({ row }) => <TimeCell row={row.original} /> },
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  {
    id: 'account',
    header: 'Account Number',
    cell: ({ row }) => row.original.account?.account_number ?? none,
  },
  { id: 'method', header: 'Method', cell: ({ row }) => row.original.payment.method_label },
  {
    id: 'total',
    header: 'Total',
    cell: ({ row }) => formatCurrency(row.original.payment.total_amount_cents),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <PaymentStatusBadge status={row.original.status} /> },
];

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Home's recent payments (docs/product.md §9): the first 50 of today's paid or refunded payments, searchable
 * by customer, account or card; a row opens its customer.
 */
export function RecentPayments({ merchantId, timeZone }: TableContext) {
  const [search, setSearch] = useState('');
  const [like] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const payments = useRecentPayments(merchantId, like);
  const navigate = useNavigate();
  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-payments-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} id="recent-payments-title">
            Recent Payments
          </Title>
          <Text size="sm" c="dimmed">
            {`Paid or refunded today, the first ${RECENT_PAYMENTS_LIMIT}.`}
          </Text>
        </div>
        <TextInput
          label="Search recent payments"
          placeholder="Customer name or ID, account number, last four"
          w={320}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>
      {payments.isError && !payments.data ? (
        <Alert color="red" variant="light">
          Recent payments could not be loaded.
        </Alert>
      ) : (
        <RecentPaymentsContext value={{ merchantId, timeZone }}>
          <DataTable
            label="Recent payments"
            columns={columns}
            data={payments.data?.results}
            getRowId={(row) => row.id}
            isFetching={payments.isPlaceholderData}
            onRowClick={(row) => {
              if (row.customer) void navigate(customerPagePath(merchantId, row.customer.id));
            }}
            emptyState={
              <EmptyState
                title="No Results Found"
                description={like ? 'No payment of today matches the search.' : 'No payments yet today.'}
              />
            }
          />
        </RecentPaymentsContext>
      )}
    </Stack>
  );
}
