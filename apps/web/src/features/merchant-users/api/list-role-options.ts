import { roleOptionsSchema } from '@paylane/shared/contracts/merchant-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Nested under the roles key, so saving or deleting a role (features/roles) refreshes the options too. */
export const roleOptionsKey = (merchantId: string) => ['merchants', merchantId, 'roles', 'options'] as const;

/** GET /api/merchants/{id}/users/role_options/: the custom roles a user manager may assign. */
export function listRoleOptions(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/users/role_options/`, {
    schema: roleOptionsSchema,
  });
}

export const roleOptionsQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: roleOptionsKey(merchantId), queryFn: () => listRoleOptions(merchantId) });

/** Only merchants with check_custom_roles assign custom roles, so others skip the call. */
export const useRoleOptions = (merchantId: string, enabled: boolean) =>
  useQuery({ ...roleOptionsQueryOptions(merchantId), enabled });
