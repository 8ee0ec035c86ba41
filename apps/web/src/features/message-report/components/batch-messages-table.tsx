import { Text } from '@mantine/core';
import type { BatchMessage } from '@paylane/shared/contracts/messages';
import { formatPhone } from '@paylane/shared/format';
import { createContext, use } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/date-time';
import { MessageStatusBadge } from './message-status-badge';

const TimeZoneContext = createContext<string | null>(null);
const none = <Text c="dimmed">—</Text>;

function TimeCell({ at }: { at: string | null }) {
  const timeZone = use(TimeZoneContext);
  return at ? formatDateTime(at, timeZone) : none;
}

/** Why a text did not arrive: the provider's words with its code, or that it was canceled. */
function errorText(message: BatchMessage): string | null {
  if (message.error_message || message.error_code) {
    return [message.error_message, message.error_code ? `(${message.error_code})` : null]
      .filter(Boolean)
      .join(' ');
  }
  return message.status === 'canceled' ? 'Canceled before it was sent' : null;
}

const columns: DataTableColumn<BatchMessage>[] = [
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => `${row.original.first_name} ${row.original.last_name}`.trim(),
  },
  { id: 'external_id', header: 'Customer ID', cell: ({ row }) => row.original.external_id ?? none },
  { id: 'to', header: 'To', cell: ({ row }) => formatPhone(row.original.to) || row.original.to },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <MessageStatusBadge status={row.original.status} errorCode={row.original.error_code} />
    ),
  },
  { id: 'error', header: 'Error', cell: ({ row }) => errorText(row.original) ?? none },
  { id: 'sent', header: 'Sent', cell: ({ row }) => <TimeCell at={row.original.sent} /> },
  { id: 'updated', header: 'Updated', cell: ({ row }) => <TimeCell at={row.original.updated} /> },
];

type Props = {
  messages: BatchMessage[] | undefined;
  /** Another page or filter is loading (the polls that move statuses along replace rows in place). */
  isFetching: boolean;
  isFiltered: boolean;
  paging: DataTablePaging;
  timeZone: string | null;
};

/** One row per recipient of a mass text, with the status of docs/product.md §4 and the provider's error. */
export function BatchMessagesTable({ messages, isFetching, isFiltered, paging, timeZone }: Props) {
  return (
    <TimeZoneContext value={timeZone}>
      <DataTable
        label="Messages"
        columns={columns}
        data={messages}
        getRowId={(message) => message.id}
        isFetching={isFetching}
        paging={paging}
        // Rows lead nowhere: the report is read here.
        onRowClick={() => {}}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={isFiltered ? 'No message has this status.' : 'This batch has no messages.'}
          />
        }
      />
    </TimeZoneContext>
  );
}
