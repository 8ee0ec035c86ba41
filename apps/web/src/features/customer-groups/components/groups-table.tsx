import { Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CustomerGroup } from '@paylane/shared/contracts/customer-groups';
import { createContext, use, useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { RowLink } from '../../../components/data-table/row-link';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/date-time';
import { RowAction, RowActions } from '../../../components/row-actions';

type RowActions = {
  onRename: (group: CustomerGroup) => void;
  onDelete: (group: CustomerGroup) => void;
} | null;

// Actions null: the user may only read the groups. The time zone is the merchant's, as every list reads
// times (lib/date-time.ts). Context keeps the columns the same objects between renders.
type TableContext = { actions: RowActions; timeZone: string | null };
const GroupsTableContext = createContext<TableContext>({ actions: null, timeZone: null });

function CreatedCell({ group }: { group: CustomerGroup }) {
  return formatDateTime(group.created, use(GroupsTableContext).timeZone);
}

function ActionsCell({ group }: { group: CustomerGroup }) {
  const { actions } = use(GroupsTableContext);
  if (!actions) return null;
  return (
    <RowActions>
      <RowAction aria-label={`Rename ${group.name}`} onClick={() => actions.onRename(group)}>
        Rename
      </RowAction>
      <RowAction danger aria-label={`Delete ${group.name}`} onClick={() => actions.onDelete(group)}>
        Delete
      </RowAction>
    </RowActions>
  );
}

const columns: DataTableColumn<CustomerGroup>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => <RowLink rowId={row.id}>{row.original.name}</RowLink> },
  { id: 'customer_count', header: 'Customers', cell: ({ row }) => row.original.customer_count },
  { id: 'created', header: 'Created', cell: ({ row }) => <CreatedCell group={row.original} /> },
  {
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => <ActionsCell group={row.original} />,
  },
];

/** Delete asks first; the customers themselves stay. */
export function confirmDeleteGroup(group: CustomerGroup, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Delete Group',
    children: (
      <Text size="sm">Are you sure you want to delete the group {group.name}? Its customers stay.</Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': 'Close' },
    onConfirm,
  });
}

type Props = {
  groups: CustomerGroup[] | undefined;
  isFetching: boolean;
  isSearching: boolean;
  paging: DataTablePaging;
  actions: RowActions;
  /** The merchant's time zone; null until it is known (the browser's clock meanwhile). */
  timeZone: string | null;
};

/** The merchant's customer groups; a row opens the group's members. */
export function GroupsTable({ groups, isFetching, isSearching, paging, actions, timeZone }: Props) {
  const context = useMemo(() => ({ actions, timeZone }), [actions, timeZone]);
  return (
    <GroupsTableContext value={context}>
      <DataTable
        label="Customer groups"
        columns={columns}
        data={groups}
        getRowId={(group) => group.id}
        isFetching={isFetching}
        paging={paging}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={isSearching ? 'No group matches the search.' : 'Groups you create show here.'}
          />
        }
      />
    </GroupsTableContext>
  );
}
