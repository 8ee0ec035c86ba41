import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import type { MessageBatch } from '@paylane/shared/contracts/messages';
import { createContext, use } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/date-time';
import { messageBatchPagePath } from '../../../lib/page-paths';
import { RowAction } from '../../../components/row-actions';

type TableContext = { timeZone: string | null; onCancelPending: ((batch: MessageBatch) => void) | null };

// The cells read these from context, so the columns stay the same objects between renders.
const BatchTableContext = createContext<TableContext>({ timeZone: null, onCancelPending: null });

function CreatedCell({ batch }: { batch: MessageBatch }) {
  const { timeZone } = use(BatchTableContext);
  return formatDateTime(batch.created, timeZone);
}

function CancelCell({ batch }: { batch: MessageBatch }) {
  const { onCancelPending } = use(BatchTableContext);
  if (!onCancelPending || batch.counts.pending === 0) return null;
  return (
    <RowAction
      danger
      aria-label={`Cancel pending messages of ${batch.batch_name}`}
      onClick={() => onCancelPending(batch)}
    >
      Cancel Pending
    </RowAction>
  );
}

const count = (value: number) => <Text size="sm">{value}</Text>;
const none = <Text c="dimmed">—</Text>;

/** docs/product.md §4 display wording: pending (not yet with the provider) and queued both read Queued. */
const columns: DataTableColumn<MessageBatch>[] = [
  {
    id: 'batch_name',
    header: 'Name',
    cell: ({ row }) => (
      <Anchor component={Link} to={messageBatchPagePath(row.original.id)} size="sm">
        {row.original.batch_name}
      </Anchor>
    ),
  },
  { id: 'created', header: 'Created', cell: ({ row }) => <CreatedCell batch={row.original} /> },
  { id: 'created_by', header: 'Created By', cell: ({ row }) => row.original.created_by ?? none },
  { id: 'template', header: 'Template', cell: ({ row }) => row.original.template_name ?? none },
  { id: 'recipients', header: 'Recipients', cell: ({ row }) => count(row.original.recipient_count) },
  {
    id: 'queued',
    header: 'Queued',
    cell: ({ row }) => count(row.original.counts.pending + row.original.counts.queued),
  },
  { id: 'sent', header: 'Sent', cell: ({ row }) => count(row.original.counts.sent) },
  { id: 'delivered', header: 'Delivered', cell: ({ row }) => count(row.original.counts.delivered) },
  { id: 'failed', header: 'Failed to send', cell: ({ row }) => count(row.original.counts.failed) },
  { id: 'canceled', header: 'Canceled', cell: ({ row }) => count(row.original.counts.canceled) },
  {
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => <CancelCell batch={row.original} />,
  },
];

type Props = {
  batches: MessageBatch[] | undefined;
  isFetching: boolean;
  isSearching: boolean;
  paging: DataTablePaging;
  timeZone: string | null;
  /** Null: the user may not cancel (the Group Message capability). */
  onCancelPending: ((batch: MessageBatch) => void) | null;
};

/** The mass texts of the merchant, newest first, with their progress by status; a row opens its details. */
export function BatchesTable({ batches, isFetching, isSearching, paging, timeZone, onCancelPending }: Props) {
  const navigate = useNavigate();
  return (
    <BatchTableContext value={{ timeZone, onCancelPending }}>
      <DataTable
        label="Message batches"
        columns={columns}
        data={batches}
        getRowId={(batch) => batch.id}
        isFetching={isFetching}
        paging={paging}
        onRowClick={(batch) => void navigate(messageBatchPagePath(batch.id))}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={isSearching ? 'No batch matches the search.' : 'Mass texts you send show here.'}
          />
        }
      />
    </BatchTableContext>
  );
}
