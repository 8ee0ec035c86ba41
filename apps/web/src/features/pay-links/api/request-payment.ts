import { paymentLinkSchema } from '@paylane/shared/contracts/pay-links';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PaymentLinkTarget } from './create-payment-link';

export type RequestPaymentVariables = PaymentLinkTarget & { idempotencyKey: string };

/**
 * POST .../customers/{c}/accounts/{a}/requested_payment/ with an Idempotency-Key: a new pay link texted to the
 * customer with the merchant's PAYMENTREQUEST template (docs/product.md §7). The same key sent again answers
 * the first link and texts nothing more, so a double click or a retry sends one text.
 */
export function requestPayment(variables: RequestPaymentVariables) {
  return apiRequest(
    `/api/merchants/${variables.merchantId}/customers/${variables.customerId}/accounts/${variables.accountId}/requested_payment/`,
    {
      method: 'POST',
      body: { customer_id: variables.customerId },
      headers: { 'Idempotency-Key': variables.idempotencyKey },
      schema: paymentLinkSchema,
    },
  );
}

export const useRequestPayment = () =>
  useMutation({ mutationFn: requestPayment, meta: { showsClientErrors: true } });
