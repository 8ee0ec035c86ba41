import { roleSchema, type RoleWriteInput } from '@paylane/shared/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rolesKey } from './list-roles';

/** PUT /api/merchants/{id}/roles/{role_id}/: the whole role. */
export function updateRole(merchantId: string, roleId: string, input: RoleWriteInput) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/roles/${encodeURIComponent(roleId)}/`, {
    method: 'PUT',
    body: input,
    schema: roleSchema,
  });
}

export function useUpdateRole(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { roleId: string; data: RoleWriteInput }) =>
      updateRole(merchantId, input.roleId, input.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
