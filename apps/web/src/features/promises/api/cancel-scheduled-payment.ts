import { promiseSchema, type PaymentPromise } from '@paylane/shared/contracts/promises';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cancelScheduledPaymentPath, promiseCustomerKey, promisesKey } from './keys';

/**
 * POST /api/merchants/{m}/cancel_scheduled_payment/ { payment: <promise id> } (docs/product.md §7): cancels an open
 * promise, plain or scheduled; a scheduled payment already running is refused.
 */
export function cancelScheduledPayment(merchantId: string, promise: PaymentPromise) {
  return apiRequest(cancelScheduledPaymentPath(merchantId), {
    method: 'POST',
    body: { payment: promise.id },
    schema: promiseSchema,
  });
}

export function useCancelScheduledPayment(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promise: PaymentPromise) => cancelScheduledPayment(merchantId, promise),
    onSuccess: (_answer, promise) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promisesKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: promiseCustomerKey(merchantId, promise.customer.id) }),
      ]),
    meta: { showsClientErrors: true },
  });
}
