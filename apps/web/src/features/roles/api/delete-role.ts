import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rolesKey } from './list-roles';

/** DELETE /api/merchants/{id}/roles/{role_id}/: 400 while users still hold the role. */
export function deleteRole(merchantId: string, roleId: string) {
  return apiRequest<void>(
    `/api/merchants/${encodeURIComponent(merchantId)}/roles/${encodeURIComponent(roleId)}/`,
    {
      method: 'DELETE',
    },
  );
}

export function useDeleteRole(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => deleteRole(merchantId, roleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
