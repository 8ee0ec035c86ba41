import { promiseSchema, type CreatePromiseInput } from '@paylane/shared/contracts/promises';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountPromisesPath, promiseCustomerKey, promisesKey } from './keys';

export type CreatePromiseVariables = {
  customerId: string;
  accountId: string;
  idempotencyKey: string;
  /** As typed: the date (YYYY-MM-DD) and time (HH:MM) on the merchant's clock, the amount in dollars. */
  input: CreatePromiseInput;
};

/**
 * POST …/customers/{c}/accounts/{a}/promises/ with an Idempotency-Key: the same key sent again answers the first
 * promise and makes nothing more, so a double click or a retry after a lost answer is one promise (and one text).
 */
export function createPromise(merchantId: string, variables: CreatePromiseVariables) {
  return apiRequest(accountPromisesPath(merchantId, variables.customerId, variables.accountId), {
    method: 'POST',
    body: variables.input,
    headers: { 'Idempotency-Key': variables.idempotencyKey },
    schema: promiseSchema,
  });
}

export function useCreatePromise(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CreatePromiseVariables) => createPromise(merchantId, variables),
    onSuccess: (_promise, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promisesKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: promiseCustomerKey(merchantId, variables.customerId) }),
      ]),
    meta: { showsClientErrors: true },
  });
}
