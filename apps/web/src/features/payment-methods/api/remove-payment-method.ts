import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey } from '../../customers/api/get-customer';
import { paymentMethodPath } from './update-payment-method';

/** DELETE .../customers/{c}/payment_methods/{id}/: out of use; the payments made with it keep naming it. */
export function removePaymentMethod(merchantId: string, customerId: string, methodId: string) {
  return apiRequest(paymentMethodPath(merchantId, customerId, methodId), { method: 'DELETE' });
}

export function useRemovePaymentMethod(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methodId: string) => removePaymentMethod(merchantId, customerId, methodId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(merchantId, customerId) }),
    meta: { showsClientErrors: true },
  });
}
