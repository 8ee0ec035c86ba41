import { Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MerchantUser } from '@paylane/shared/contracts/merchant-users';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { useMerchantUsers } from '../../../features/merchant-users/api/list-merchant-users';
import { useRoleOptions } from '../../../features/merchant-users/api/list-role-options';
import { EditUserRoleModal } from '../../../features/merchant-users/components/edit-user-role-modal';
import { InviteUserModal } from '../../../features/merchant-users/components/invite-user-modal';
import { UsersTable } from '../../../features/merchant-users/components/users-table';
import { useUserRowActions } from '../../../features/merchant-users/hooks/use-user-row-actions';
import { canInMerchant } from '../../../features/profile/access';
import { useSignedInUser } from '../../../features/profile/hooks/use-signed-in-user';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

// docs/product.md §9: the shared table pages by 50, 75 or 100 (default 50); the footer shows only with more than one page.
const PAGE_SIZES = ['50', '75', '100'];

/** Settings › Users (docs/product.md §2): invite, resend, change role, disable and enable. */
export function UsersPage() {
  const { merchantID = '' } = useParams();
  const { profile, isSuperAdmin } = useSignedInUser();
  const { data: merchant } = useMerchant(merchantID);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [isInviting, setIsInviting] = useState(false);
  const [editing, setEditing] = useState<MerchantUser | null>(null);
  const users = useMerchantUsers(merchantID, { page, pageSize, search: debouncedSearch });
  const hasCustomRoles = merchant?.check_custom_roles ?? false;
  const roleOptions = useRoleOptions(merchantID, hasCustomRoles);
  const rowActions = useUserRowActions({
    merchantId: merchantID,
    merchantName: merchant?.name ?? '',
    currentUserId: profile?.id ?? null,
  });
  const access = { profile, isSuperAdmin, merchantId: merchantID, merchant: merchant ?? null };
  // Admin-level managers (manageRoles: admin, super admin) may give the admin role and touch admins.
  const canManageAdmins = profile ? canInMerchant({ ...access, profile }, 'manageRoles') : false;
  const roles = {
    canGrantAdmin: canManageAdmins,
    customRoles: hasCustomRoles ? (roleOptions.data?.results ?? []) : null,
  };
  const pageCount = users.data ? Math.ceil(users.data.count / pageSize) : 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SectionTitle>Users</SectionTitle>
        <Group align="flex-end">
          <TextInput
            label="Search users"
            placeholder="Name or email"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Button onClick={() => setIsInviting(true)}>Invite User</Button>
        </Group>
      </Group>
      {users.isPending ? (
        <LinesSkeleton label="Loading users" />
      ) : users.data && users.data.results.length > 0 ? (
        <UsersTable
          users={users.data.results}
          hasCustomRoles={hasCustomRoles}
          canManageAdmins={canManageAdmins}
          onChangeRole={setEditing}
          {...rowActions}
        />
      ) : (
        <EmptyState
          title="No users found"
          description="Invite a user to give them access to this merchant."
        />
      )}
      {pageCount > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {users.data?.count} users
          </Text>
          <Group>
            <Select
              label="Rows per page"
              data={PAGE_SIZES}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => {
                setPageSize(Number(value ?? 50));
                setPage(1);
              }}
              w={120}
            />
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        </Group>
      ) : null}
      <InviteUserModal
        merchantId={merchantID}
        opened={isInviting}
        onClose={() => setIsInviting(false)}
        {...roles}
      />
      {editing ? (
        <EditUserRoleModal
          key={editing.id}
          merchantId={merchantID}
          user={editing}
          onClose={() => setEditing(null)}
          {...roles}
        />
      ) : null}
    </Stack>
  );
}
