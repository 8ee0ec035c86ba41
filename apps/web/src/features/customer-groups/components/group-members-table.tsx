import { Text, VisuallyHidden } from '@mantine/core';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { formatPhone } from '@paylane/shared/format';
import { createContext, use } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { RowAction } from '../../../components/row-actions';

export const memberName = (customer: Pick<CustomerRef, 'first_name' | 'last_name'>) =>
  `${customer.first_name} ${customer.last_name}`.trim();

// Null: the user may only read the group. Context keeps the columns the same objects between renders.
const RemoveContext = createContext<((customer: CustomerRef) => void) | null>(null);

function RemoveCell({ customer }: { customer: CustomerRef }) {
  const onRemove = use(RemoveContext);
  if (!onRemove) return null;
  return (
    <RowAction danger aria-label={`Remove ${memberName(customer)}`} onClick={() => onRemove(customer)}>
      Remove
    </RowAction>
  );
}

const none = <Text c="dimmed">—</Text>;
const columns: DataTableColumn<CustomerRef>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => memberName(row.original) },
  { id: 'external_id', header: 'Customer ID', cell: ({ row }) => row.original.external_id ?? none },
  { id: 'phone', header: 'Phone', cell: ({ row }) => formatPhone(row.original.sms_phone_number) || none },
  {
    id: 'remove',
    header: () => <VisuallyHidden>Remove</VisuallyHidden>,
    cell: ({ row }) => <RemoveCell customer={row.original} />,
  },
];

type Props = {
  members: CustomerRef[] | undefined;
  isFetching: boolean;
  paging: DataTablePaging;
  onRemove: ((customer: CustomerRef) => void) | null;
};

/** A group's members, a page at a time; a row opens the customer. */
export function GroupMembersTable({ members, isFetching, paging, onRemove }: Props) {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RemoveContext value={onRemove}>
      <DataTable
        label="Group members"
        columns={columns}
        data={members}
        getRowId={(customer) => customer.id}
        isFetching={isFetching}
        paging={paging}
        onRowClick={(customer) =>
          void navigate(
            `/merchants/${encodeURIComponent(merchantID)}/customers/${encodeURIComponent(customer.id)}`,
          )
        }
        emptyState={
          <EmptyState
            title="No customers in this group"
            description="Add customers from a CSV or from the customer list."
          />
        }
      />
    </RemoveContext>
  );
}
