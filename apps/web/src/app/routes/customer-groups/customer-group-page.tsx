import { Alert, Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { useDeleteCustomerGroup } from '../../../features/customer-groups/api/delete-customer-group';
import { useCustomerGroup } from '../../../features/customer-groups/api/get-customer-group';
import { useGroupMembers } from '../../../features/customer-groups/api/list-group-members';
import { useRemoveCustomerGroupMember } from '../../../features/customer-groups/api/remove-customer-group-member';
import { AddMembersModal } from '../../../features/customer-groups/components/add-members-modal';
import { GroupFormModal } from '../../../features/customer-groups/components/group-form-modal';
import {
  GroupMembersTable,
  memberName,
} from '../../../features/customer-groups/components/group-members-table';
import { confirmDeleteGroup } from '../../../features/customer-groups/components/groups-table';
import { isShownOnForm } from '../../../lib/form-errors';
import { errorDetailText } from '../../../lib/notify';
import { PageHeader } from '../../../components/page-header';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** /merchants/{merchantID}/customer-groups/{groupID}: the members a page at a time; rename, add, remove. */
export function CustomerGroupPage() {
  const { merchantID = '', groupID = '' } = useParams();
  const navigate = useNavigate();
  const listPath = `/merchants/${encodeURIComponent(merchantID)}/customer-groups`;
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_DATA_TABLE_PAGE_SIZE });
  const [dialog, setDialog] = useState<'rename' | 'add' | null>(null);
  const group = useCustomerGroup(merchantID, groupID);
  const members = useGroupMembers(merchantID, groupID, { page: paging.page, page_size: paging.pageSize });
  // One member out by its own request: the group may hold far more ids than one request carries.
  const removeMember = useRemoveCustomerGroupMember(merchantID, groupID);
  const remove = useDeleteCustomerGroup(merchantID);

  if (group.isPending) return <LinesSkeleton lines={6} label="Loading group" />;
  if (group.isError) {
    return (
      <Alert color="red" variant="light">
        {errorDetailText(group.error) || 'The group could not be loaded.'}
      </Alert>
    );
  }
  const detail = group.data;

  // docs/product.md §8: 'Are you sure you would like to remove {name}?'
  const confirmRemove = (customer: CustomerRef) =>
    modals.openConfirmModal({
      title: 'Remove Customer',
      children: <Text size="sm">Are you sure you would like to remove {memberName(customer)}?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        removeMember.mutate(customer.id, {
          // A refused change says why (5xx and network failures get the generic toast from the cache).
          onError: (error) => {
            if (isShownOnForm(error))
              notifications.show({
                color: 'red',
                message: errorDetailText(error) || messages.genericError,
              });
          },
        }),
    });

  return (
    <Stack gap="md">
      <title>{`${detail.name} · Customer Groups · Paylane`}</title>
      <PageHeader
        title={detail.name}
        backTo={listPath}
        backLabel="Customer Groups"
        description={detail.customer_count === 1 ? '1 customer' : `${detail.customer_count} customers`}
        actions={
          <>
            <Button variant="default" onClick={() => setDialog('add')}>
              Add from CSV
            </Button>
            <Button variant="default" onClick={() => setDialog('rename')}>
              Rename
            </Button>
            <Button
              variant="default"
              color="red"
              onClick={() =>
                confirmDeleteGroup(detail, () =>
                  remove.mutate(detail.id, { onSuccess: () => void navigate(listPath) }),
                )
              }
            >
              Delete Group
            </Button>
          </>
        }
      />
      <GroupMembersTable
        members={members.data?.results}
        isFetching={members.isFetching || removeMember.isPending}
        onRemove={confirmRemove}
        paging={{
          count: members.data?.count ?? 0,
          page: paging.page,
          pageSize: paging.pageSize,
          onChange: setPaging,
        }}
      />
      {dialog === 'rename' ? (
        <GroupFormModal merchantId={merchantID} group={detail} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'add' ? (
        <AddMembersModal merchantId={merchantID} group={detail} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
