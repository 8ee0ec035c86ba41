import { customerSchema, type CustomerWriteInput } from '@paylane/shared/contracts/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerPath, customersKey } from './get-customer';

/** PUT /api/merchants/{id}/customers/{customer_id}/bp_information/ — the whole customer, as typed. */
export function updateCustomer(merchantId: string, customerId: string, input: CustomerWriteInput) {
  return apiRequest(`${customerPath(merchantId, customerId)}bp_information/`, {
    method: 'PUT',
    body: input,
    schema: customerSchema,
  });
}

export function useUpdateCustomer(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerWriteInput) => updateCustomer(merchantId, customerId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
