import { roleSchema, type RoleWriteInput } from '@paylane/shared/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rolesKey } from './list-roles';

/** POST /api/merchants/{id}/roles/: 400 {role_name: [...]} when the name is taken. */
export function createRole(merchantId: string, input: RoleWriteInput) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/roles/`, {
    method: 'POST',
    body: input,
    schema: roleSchema,
  });
}

export function useCreateRole(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleWriteInput) => createRole(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
