import {
  customerGroupWriteAnswerSchema,
  type CreateCustomerGroup,
} from '@paylane/shared/contracts/customer-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupsKey, customerGroupsPath } from './keys';

/**
 * POST /api/merchants/{id}/customer_groups/ (spec §7: customers, name, find_by_external when from a CSV).
 * The answer lists the ids that matched no customer.
 */
export function createCustomerGroup(merchantId: string, input: CreateCustomerGroup) {
  return apiRequest(customerGroupsPath(merchantId), {
    method: 'POST',
    body: input,
    schema: customerGroupWriteAnswerSchema,
  });
}

export function useCreateCustomerGroup(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomerGroup) => createCustomerGroup(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerGroupsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
