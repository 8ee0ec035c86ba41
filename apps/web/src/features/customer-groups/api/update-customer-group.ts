import {
  customerGroupWriteAnswerSchema,
  type UpdateCustomerGroup,
} from '@paylane/shared/contracts/customer-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupPath, customerGroupsKey } from './keys';

/** PUT /api/merchants/{id}/customer_groups/{group_id}/: a new name and/or the whole new member list. */
export function updateCustomerGroup(merchantId: string, groupId: string, input: UpdateCustomerGroup) {
  return apiRequest(customerGroupPath(merchantId, groupId), {
    method: 'PUT',
    body: input,
    schema: customerGroupWriteAnswerSchema,
  });
}

export function useUpdateCustomerGroup(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, data }: { groupId: string; data: UpdateCustomerGroup }) =>
      updateCustomerGroup(merchantId, groupId, data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerGroupsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
