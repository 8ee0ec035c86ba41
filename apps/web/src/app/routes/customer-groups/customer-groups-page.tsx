import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerGroup } from '@paylane/shared/contracts/customer-groups';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { useDeleteCustomerGroup } from '../../../features/customer-groups/api/delete-customer-group';
import { useCustomerGroups } from '../../../features/customer-groups/api/list-customer-groups';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { GroupFormModal } from '../../../features/customer-groups/components/group-form-modal';
import { confirmDeleteGroup, GroupsTable } from '../../../features/customer-groups/components/groups-table';
import { PageHeader } from '../../../components/page-header';

/** /merchants/{merchantID}/customer-groups: search, Create Group (optionally from a CSV), rename, delete. */
export function CustomerGroupsPage() {
  const { merchantID = '' } = useParams();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_DATA_TABLE_PAGE_SIZE });
  // undefined: closed; null: creating; a group: renaming it.
  const [editing, setEditing] = useState<CustomerGroup | null | undefined>(undefined);
  const groups = useCustomerGroups(merchantID, {
    page: paging.page,
    page_size: paging.pageSize,
    search: debouncedSearch,
  });
  const { data: merchant } = useMerchant(merchantID);
  const { mutate: remove } = useDeleteCustomerGroup(merchantID);
  const actions = useMemo(
    () => ({
      onRename: (group: CustomerGroup) => setEditing(group),
      onDelete: (group: CustomerGroup) => confirmDeleteGroup(group, () => remove(group.id)),
    }),
    [remove],
  );

  return (
    <Stack gap="md">
      <title>Customer Groups · Paylane</title>
      <PageHeader
        title="Customer Groups"
        actions={<Button onClick={() => setEditing(null)}>Create Group</Button>}
      />
      <TextInput
        label="Search groups"
        maw={360}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      {groups.isError && !groups.data ? (
        <Alert color="red" variant="light">
          The groups could not be loaded.
        </Alert>
      ) : (
        <GroupsTable
          groups={groups.data?.results}
          isFetching={groups.isFetching}
          isSearching={debouncedSearch !== ''}
          actions={actions}
          timeZone={merchant?.time_zone ?? null}
          paging={{
            count: groups.data?.count ?? 0,
            page: paging.page,
            pageSize: paging.pageSize,
            onChange: setPaging,
          }}
        />
      )}
      {editing !== undefined ? (
        <GroupFormModal merchantId={merchantID} group={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </Stack>
  );
}
