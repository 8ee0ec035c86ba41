import { customerSchema, type CustomerCreateInput } from '@paylane/shared/contracts/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from './get-customer';

/**
 * POST /api/merchants/{id}/customers/ — a customer with their first account, if any. The values go as typed
 * (dollars, phone as shown): the server checks them with the same shared schema and converts them itself.
 */
export function createCustomer(merchantId: string, input: CustomerCreateInput) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/customers/`, {
    method: 'POST',
    body: input,
    schema: customerSchema,
  });
}

export function useCreateCustomer(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerCreateInput) => createCustomer(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
