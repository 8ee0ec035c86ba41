import { roleSchema } from '@paylane/shared/contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rolesKey } from './list-roles';

/** GET /api/merchants/{id}/roles/{role_id}/ */
export function getRole(merchantId: string, roleId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/roles/${encodeURIComponent(roleId)}/`, {
    schema: roleSchema,
  });
}

export const roleQueryOptions = (merchantId: string, roleId: string) =>
  queryOptions({
    queryKey: [...rolesKey(merchantId), 'detail', roleId],
    queryFn: () => getRole(merchantId, roleId),
    // The edit form starts from this; a background refetch must not look like someone else's edit.
    staleTime: Infinity,
  });

/** Disabled on the create page (no role id). */
export const useRole = (merchantId: string, roleId: string | undefined) =>
  useQuery({ ...roleQueryOptions(merchantId, roleId ?? ''), enabled: Boolean(roleId) });
