import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RoleWriteInput } from '@paylane/shared/contracts/roles';
import { useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useCreateRole } from '../../../features/roles/api/create-role';
import { useRole } from '../../../features/roles/api/get-role';
import { useUpdateRole } from '../../../features/roles/api/update-role';
import { RoleForm } from '../../../features/roles/components/role-form';
import { errorDetailText } from '../../../lib/notify';
import { SectionTitle } from '../../../components/section-title';
import { FormSkeleton } from '../../../components/form-skeleton';

/** Settings › Roles › Create Role (roles/create) or one role (roles/{roleID}). */
export function RoleEditPage() {
  const { merchantID = '', roleID } = useParams();
  const navigate = useNavigate();
  const role = useRole(merchantID, roleID);
  const createRole = useCreateRole(merchantID);
  const updateRole = useUpdateRole(merchantID);
  const rolesPath = `/merchants/${encodeURIComponent(merchantID)}/settings/roles`;

  const save = async (values: RoleWriteInput) => {
    if (roleID) await updateRole.mutateAsync({ roleId: roleID, data: values });
    else await createRole.mutateAsync(values);
  };
  const onSaved = () => {
    notifications.show({ color: 'green', message: 'Role saved!', autoClose: 2000 });
    void navigate(rolesPath);
  };

  if (roleID && role.isPending) return <FormSkeleton fields={3} label="Loading role" />;
  if (roleID && role.isError)
    return <FormAlert messages={[errorDetailText(role.error) || 'Role not found.']} />;
  return (
    <Stack gap="md">
      <SectionTitle>{roleID ? `Edit Role: ${role.data?.role_name ?? ''}` : 'Create Role'}</SectionTitle>
      <RoleForm
        key={role.data?.id ?? 'new'}
        role={role.data ?? null}
        onSave={save}
        onSaved={onSaved}
        onCancel={() => void navigate(rolesPath)}
      />
    </Stack>
  );
}
