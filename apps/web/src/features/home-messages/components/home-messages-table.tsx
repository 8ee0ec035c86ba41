import { Anchor, Text } from '@mantine/core';
import type { MessageListRow } from '@paylane/shared/contracts/inbox';
import { displayStatus } from '@paylane/shared/messaging';
import { createContext, use } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/date-time';

/** The inbox with the row's customer chosen: the chat the row belongs to. */
export const chatPathOf = (merchantId: string, row: Pick<MessageListRow, 'customer_id'>) =>
  `/merchants/${encodeURIComponent(merchantId)}/inbox?customer=${encodeURIComponent(row.customer_id)}`;

type TableContext = { merchantId: string; timeZone: string | null };
// The cells read these from context, so the columns stay the same objects between renders.
const HomeTableContext = createContext<TableContext>({ merchantId: '', timeZone: null });

const nameOf = (row: MessageListRow) => `${row.first_name} ${row.last_name}`.trim();

function CustomerCell({ row }: { row: MessageListRow }) {
  const { merchantId } = use(HomeTableContext);
  return (
    <Anchor component={Link} to={chatPathOf(merchantId, row)} size="sm">
      {nameOf(row)}
    </Anchor>
  );
}

function CreatedCell({ row }: { row: MessageListRow }) {
  const { timeZone } = use(HomeTableContext);
  return formatDateTime(row.created, timeZone);
}

const none = <Text c="dimmed">—</Text>;

const customerColumns: DataTableColumn<MessageListRow>[] = [
  { id: 'customer', header: 'Customer', cell: ({ row }) => <CustomerCell row={row.original} /> },
  { id: 'external_id', header: 'Customer ID', cell: ({ row }) => row.original.external_id ?? none },
  {
    id: 'body',
    header: 'Message',
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2}>
        {row.original.body}
      </Text>
    ),
  },
];
const createdColumn: DataTableColumn<MessageListRow> = {
  id: 'created',
  header: 'Date',
  cell: ({ row }) => <CreatedCell row={row.original} />,
};

/** Replies and missed messages: who wrote, what and when. */
export const inboundColumns: DataTableColumn<MessageListRow>[] = [...customerColumns, createdColumn];

/** Automation sends: also the template and how far the text got (docs/product.md §4 words). */
export const autoColumns: DataTableColumn<MessageListRow>[] = [
  ...customerColumns,
  { id: 'template', header: 'Template', cell: ({ row }) => row.original.template_name ?? none },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => displayStatus(row.original.status, row.original.error_message ? 'error' : null),
  },
  createdColumn,
];

type Props = {
  label: string;
  merchantId: string;
  timeZone: string | null;
  columns: DataTableColumn<MessageListRow>[];
  rows: MessageListRow[] | undefined;
  isFetching: boolean;
  paging: DataTablePaging;
  emptyTitle: string;
  emptyDescription: string;
};

/** A home list in the shared table; a row opens the customer's chat in the inbox. */
export function HomeMessagesTable(props: Props) {
  const navigate = useNavigate();
  const { merchantId } = props;
  return (
    <HomeTableContext value={{ merchantId, timeZone: props.timeZone }}>
      <DataTable
        label={props.label}
        columns={props.columns}
        data={props.rows}
        getRowId={(row) => row.message_id}
        isFetching={props.isFetching}
        paging={props.paging}
        onRowClick={(row) => void navigate(chatPathOf(merchantId, row))}
        emptyState={<EmptyState title={props.emptyTitle} description={props.emptyDescription} />}
      />
    </HomeTableContext>
  );
}
