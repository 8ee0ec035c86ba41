import { pageOf } from '@paylane/shared/contracts/paging';
import { roleSchema } from '@paylane/shared/contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const rolesPageSchema = pageOf(roleSchema);
// Roles are few: the settings list loads them in one page (the largest the API allows).
const ROLES_PAGE_SIZE = 1000;

/**
 * Everything cached about the merchant's roles, the users form's role options included (their key nests
 * under this one), so one invalidation after a save or delete refreshes them all.
 */
export const rolesKey = (merchantId: string) => ['merchants', merchantId, 'roles'] as const;

/** GET /api/merchants/{id}/roles/ */
export function listRoles(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/roles/`, {
    query: { page_size: ROLES_PAGE_SIZE },
    schema: rolesPageSchema,
  });
}

export const rolesQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: [...rolesKey(merchantId), 'list'], queryFn: () => listRoles(merchantId) });

export const useRoles = (merchantId: string) => useQuery(rolesQueryOptions(merchantId));
