import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Role } from '@paylane/shared/contracts/roles';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useDeleteRole } from '../../../features/roles/api/delete-role';
import { useRoles } from '../../../features/roles/api/list-roles';
import { RolesTable } from '../../../features/roles/components/roles-table';
import { errorDetailText } from '../../../lib/notify';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** Settings › Roles (docs/product.md §2): the merchant's custom roles. */
export function RolesPage() {
  const { merchantID = '' } = useParams();
  const roles = useRoles(merchantID);
  const deleteRole = useDeleteRole(merchantID);

  const confirmDelete = (role: Role) =>
    modals.openConfirmModal({
      title: 'Delete Role',
      children: <Text size="sm">Are you sure you would like to remove {role.role_name}?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        deleteRole.mutate(role.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `${role.role_name} removed` }),
          // A role still held by users stays; the server says so in its own words.
          onError: (error) => notifications.show({ color: 'red', message: errorDetailText(error) }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SectionTitle>Roles</SectionTitle>
        <Button component={Link} to="create">
          Create Role
        </Button>
      </Group>
      {roles.isPending ? (
        <LinesSkeleton label="Loading roles" />
      ) : roles.data && roles.data.results.length > 0 ? (
        <RolesTable roles={roles.data.results} onDelete={confirmDelete} />
      ) : (
        <EmptyState
          title="No roles yet"
          description="Create a role to give staff a chosen set of permissions."
        />
      )}
    </Stack>
  );
}
