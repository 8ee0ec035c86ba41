import { paymentMoveSchema } from '@paylane/shared/contracts/payment-moves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { accountTransactionsPath } from '../../payments/api/list-account-transactions';

export type MovePaymentVariables = {
  customerId: string;
  accountId: string;
  paymentId: string;
  /** The account the payment belongs on. */
  targetAccountId: string;
  idempotencyKey: string;
};

/**
 * POST .../customers/{c}/accounts/{a}/transactions/{id}/move_payment/ { to_account } with an Idempotency-Key: the
 * same key again answers the first move and moves nothing.
 */
export function movePayment(merchantId: string, variables: MovePaymentVariables) {
  const base = accountTransactionsPath(merchantId, variables.customerId, variables.accountId);
  return apiRequest(`${base}${encodeURIComponent(variables.paymentId)}/move_payment/`, {
    method: 'POST',
    body: { to_account: variables.targetAccountId },
    headers: { 'Idempotency-Key': variables.idempotencyKey },
    schema: paymentMoveSchema,
  });
}

export function useMovePayment(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: MovePaymentVariables) => movePayment(merchantId, variables),
    // Both accounts' amounts due, payments and histories changed, and the customers lists show amounts due.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
