import { paymentMethodOptionSchema } from '@paylane/shared/contracts/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

/** POST .../customers/{c}/payment_methods/ { entry_id, nickname }: saves what the payer entered. */
export function createPaymentMethod(
  merchantId: string,
  customerId: string,
  input: { entry_id: string; nickname: string },
) {
  return apiRequest(`${customerPath(merchantId, customerId)}payment_methods/`, {
    method: 'POST',
    body: input,
    schema: paymentMethodOptionSchema,
  });
}

export function useCreatePaymentMethod(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { entry_id: string; nickname: string }) =>
      createPaymentMethod(merchantId, customerId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(merchantId, customerId) }),
    meta: { showsClientErrors: true },
  });
}
