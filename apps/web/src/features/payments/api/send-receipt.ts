import { sentReceiptSchema, type ReceiptChannel } from '@paylane/shared/contracts/receipts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey } from '../../customers/api/get-customer';
import { accountTransactionsPath } from './list-account-transactions';

export type PaymentRef = { customerId: string; accountId: string; paymentId: string };

/** .../customers/{c}/accounts/{a}/transactions/{id}/: the base of one payment's calls. */
export const paymentPath = (merchantId: string, payment: PaymentRef) =>
  `${accountTransactionsPath(merchantId, payment.customerId, payment.accountId)}${encodeURIComponent(payment.paymentId)}/`;

export type SendReceiptVariables = { channel: ReceiptChannel; idempotencyKey: string };

/**
 * POST .../transactions/{id}/send_receipt/ { channel } with an Idempotency-Key (docs/conventions.md §4): the
 * same key again answers the receipt already queued, so a double click sends one.
 */
export function sendReceipt(merchantId: string, payment: PaymentRef, variables: SendReceiptVariables) {
  return apiRequest(`${paymentPath(merchantId, payment)}send_receipt/`, {
    method: 'POST',
    body: { channel: variables.channel },
    headers: { 'Idempotency-Key': variables.idempotencyKey },
    schema: sentReceiptSchema,
  });
}

export function useSendReceipt(merchantId: string, payment: PaymentRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SendReceiptVariables) => sendReceipt(merchantId, payment, variables),
    // The receipt is an event of the customer's history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(merchantId, payment.customerId) }),
    meta: { showsClientErrors: true },
  });
}
