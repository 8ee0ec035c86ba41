import { takePaymentAnswerSchema, type takePaymentSchema } from '@paylane/shared/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { accountTransactionsPath } from './list-account-transactions';

/** The form's values as typed (amount in dollars): the server converts and checks them again. */
export type TakePaymentInput = z.input<typeof takePaymentSchema>;

export type TakePaymentVariables = { accountId: string; idempotencyKey: string; input: TakePaymentInput };

/**
 * POST .../customers/{c}/accounts/{a}/transactions/ with an Idempotency-Key (docs/conventions.md §4): the same
 * key sent again answers the first payment and charges nothing more. A card-present payment answers PENDING with
 * its `reader` until the card is presented; the same request sent again then answers the outcome.
 */
export function takePayment(merchantId: string, customerId: string, variables: TakePaymentVariables) {
  return apiRequest(accountTransactionsPath(merchantId, customerId, variables.accountId), {
    method: 'POST',
    body: variables.input,
    headers: { 'Idempotency-Key': variables.idempotencyKey },
    schema: takePaymentAnswerSchema,
  });
}

export function useTakePayment(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TakePaymentVariables) => takePayment(merchantId, customerId, variables),
    // The account's amount due moves with the ledger; its payments list, the customer and the list show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
