import { customerAccountSchema, type AccountWriteInput } from '@paylane/shared/contracts/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerPath, customersKey } from '../../customers/api/get-customer';

/**
 * POST /api/merchants/{id}/customers/{customer_id}/accounts/ with the values as typed (dollars): the server
 * checks them with the same shared schema and converts them itself.
 */
export function createAccount(merchantId: string, customerId: string, input: AccountWriteInput) {
  return apiRequest(`${customerPath(merchantId, customerId)}accounts/`, {
    method: 'POST',
    body: input,
    schema: customerAccountSchema,
  });
}

export function useCreateAccount(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountWriteInput) => createAccount(merchantId, customerId, input),
    // The list shows accounts too, and the customer's history gains an event.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
