import { Group, Stack, Text } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/date-time';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentActionsContext, PaymentRowActions, type PaymentActionsTarget } from './payment-row-actions';
import { RefundActionCell, RefundNote, RefundTableContext } from './refund-cells';

// The cells read the zone from context, so the columns stay the same objects between renders.
const ZoneContext = createContext<string | undefined>(undefined);

function DateCell({ transaction }: { transaction: Transaction }) {
  return formatDateTime(transaction.created, use(ZoneContext));
}

/** The status, and why a payment failed or came back, under it. */
function StatusCell({ transaction }: { transaction: Transaction }) {
  const { failure_message: message, failure_code: code } = transaction.payment;
  const reason = message ?? code;
  return (
    <Stack gap={2} align="flex-start">
      <PaymentStatusBadge status={transaction.status} />
      {reason && (transaction.status === 'FAILED' || transaction.status === 'RETURNED') ? (
        <Text size="xs" c="dimmed">
          {code && message ? `${message} (${code})` : reason}
        </Text>
      ) : null}
      <RefundNote transaction={transaction} />
    </Stack>
  );
}

const money = (cents: number) => formatCurrency(cents);

const columns: DataTableColumn<Transaction>[] = [
  { id: 'created', header: 'Date', cell: ({ row }) => <DateCell transaction={row.original} /> },
  { id: 'method', header: 'Method', cell: ({ row }) => row.original.payment.method_label },
  { id: 'amount', header: 'Amount', cell: ({ row }) => money(row.original.payment.amount_cents) },
  {
    id: 'fee',
    header: 'Fee',
    cell: ({ row }) => (row.original.payment.fee_waived ? 'Waived' : money(row.original.payment.fee_cents)),
  },
  { id: 'total', header: 'Total', cell: ({ row }) => money(row.original.payment.total_amount_cents) },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusCell transaction={row.original} /> },
  // One Actions column: Refund for who may refund, and the row's menu (receipts, move).
  {
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        <RefundActionCell transaction={row.original} />
        <PaymentRowActions transaction={row.original} />
      </Group>
    ),
  },
];

type Props = {
  label: string;
  transactions: Transaction[] | undefined;
  timeZone: string | undefined;
  /** For who may refund (is_payment_refund_allowed): each refundable payment's Refund action. */
  onRefund?: ((transaction: Transaction) => void) | undefined;
  /** The account the rows' actions (receipts, move) act on; none: no such actions. */
  actions?: PaymentActionsTarget | undefined;
};

/** An account's payments in the shared table (docs/product.md §7: page 1, 50 rows, newest first). */
export function AccountPaymentsTable({ label, transactions, timeZone, onRefund, actions }: Props) {
  return (
    <ZoneContext value={timeZone}>
      <RefundTableContext value={{ onRefund: onRefund ?? null, transactions: transactions ?? [] }}>
        <PaymentActionsContext value={actions ?? null}>
          <DataTable
            label={label}
            columns={columns}
            data={transactions}
            getRowId={(transaction) => transaction.id}
            onRowClick={() => {}}
            emptyState={
              <EmptyState title="No payments yet." description="Payments taken on this account show here." />
            }
          />
        </PaymentActionsContext>
      </RefundTableContext>
    </ZoneContext>
  );
}
