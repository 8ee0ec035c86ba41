import { paymentMethodOptionSchema } from '@paylane/shared/contracts/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerPath, customerKey } from '../../customers/api/get-customer';

export const paymentMethodPath = (merchantId: string, customerId: string, methodId: string) =>
  `${customerPath(merchantId, customerId)}payment_methods/${encodeURIComponent(methodId)}/`;

/** PATCH .../customers/{c}/payment_methods/{id}/ { nickname } (docs/product.md §3: at most 50 characters). */
export function renamePaymentMethod(
  merchantId: string,
  customerId: string,
  methodId: string,
  nickname: string,
) {
  return apiRequest(paymentMethodPath(merchantId, customerId, methodId), {
    method: 'PATCH',
    body: { nickname },
    schema: paymentMethodOptionSchema,
  });
}

export function useRenamePaymentMethod(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ methodId, nickname }: { methodId: string; nickname: string }) =>
      renamePaymentMethod(merchantId, customerId, methodId, nickname),
    // The methods list and the customer's history (the rename is in it) read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(merchantId, customerId) }),
    meta: { showsClientErrors: true },
  });
}
