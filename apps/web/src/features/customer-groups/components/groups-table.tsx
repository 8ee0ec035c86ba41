import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CustomerGroup } from '@paylane/shared/contracts/customer-groups';
import { createContext, use } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { RowLink } from '../../../components/data-table/row-link';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/date-time';

type RowActions = {
  onRename: (group: CustomerGroup) => void;
  onDelete: (group: CustomerGroup) => void;
} | null;

// Null: the user may only read the groups. Context keeps the columns the same objects between renders.
const RowActionsContext = createContext<RowActions>(null);

function ActionsCell({ group }: { group: CustomerGroup }) {
  const actions = use(RowActionsContext);
  if (!actions) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        aria-label={`Rename ${group.name}`}
        onClick={() => actions.onRename(group)}
      >
        Rename
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        aria-label={`Delete ${group.name}`}
        onClick={() => actions.onDelete(group)}
      >
        Delete
      </Button>
    </Group>
  );
}

const columns: DataTableColumn<CustomerGroup>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => <RowLink rowId={row.id}>{row.original.name}</RowLink> },
  { id: 'customer_count', header: 'Customers', cell: ({ row }) => row.original.customer_count },
  { id: 'created', header: 'Created', cell: ({ row }) => formatDateTime(row.original.created) },
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
};

/** The merchant's customer groups; a row opens the group's members. */
export function GroupsTable({ groups, isFetching, isSearching, paging, actions }: Props) {
  return (
    <RowActionsContext value={actions}>
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
    </RowActionsContext>
  );
}
