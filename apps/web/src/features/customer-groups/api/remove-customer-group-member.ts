import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupPath, customerGroupsKey } from './keys';

/** DELETE /api/merchants/{id}/customer_groups/{group_id}/members/{customer_id}/ → 204: one member out. */
export async function removeCustomerGroupMember(
  merchantId: string,
  groupId: string,
  customerId: string,
): Promise<void> {
  await apiRequest(`${customerGroupPath(merchantId, groupId)}members/${encodeURIComponent(customerId)}/`, {
    method: 'DELETE',
  });
}

export function useRemoveCustomerGroupMember(merchantId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => removeCustomerGroupMember(merchantId, groupId, customerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerGroupsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
