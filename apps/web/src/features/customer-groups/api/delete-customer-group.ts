import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupPath, customerGroupsKey } from './keys';

/** DELETE /api/merchants/{id}/customer_groups/{group_id}/ → 204; the customers stay. */
export async function deleteCustomerGroup(merchantId: string, groupId: string): Promise<void> {
  await apiRequest(customerGroupPath(merchantId, groupId), { method: 'DELETE' });
}

export function useDeleteCustomerGroup(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => deleteCustomerGroup(merchantId, groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerGroupsKey(merchantId) }),
  });
}
