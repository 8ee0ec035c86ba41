import { promiseSchema, type PaymentPromise } from '@paylane/shared/contracts/promises';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { confirmPromisePath, promiseCustomerKey, promisesKey } from './keys';

/**
 * POST …/accounts/{a}/promises/{p}/confirm/: an Unconfirmed promise (PROMISED) becomes Confirmed
 * (PROMISE_CONFIRMED, docs/product.md §4). Confirming a confirmed one answers it as it is.
 */
export function confirmPromise(merchantId: string, promise: PaymentPromise) {
  return apiRequest(confirmPromisePath(merchantId, promise), {
    method: 'POST',
    body: {},
    schema: promiseSchema,
  });
}

export function useConfirmPromise(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promise: PaymentPromise) => confirmPromise(merchantId, promise),
    onSuccess: (_answer, promise) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promisesKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: promiseCustomerKey(merchantId, promise.customer.id) }),
      ]),
    meta: { showsClientErrors: true },
  });
}
