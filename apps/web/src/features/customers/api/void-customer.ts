import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerPath, customersKey } from './get-customer';

/** DELETE /api/merchants/{id}/customers/{customer_id}/ — voids the customer; their history stays. */
export function voidCustomer(merchantId: string, customerId: string) {
  return apiRequest<void>(customerPath(merchantId, customerId), { method: 'DELETE' });
}

export function useVoidCustomer(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => voidCustomer(merchantId, customerId),
    // Marked stale, not refetched now: the page still open is about to leave, and the list refetches
    // when it shows again.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customersKey(merchantId), refetchType: 'none' }),
  });
}
