import { paymentLinkSchema } from '@paylane/shared/contracts/pay-links';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PaymentLinkTarget = { merchantId: string; customerId: string; accountId: string };

/**
 * POST .../customers/{c}/accounts/{a}/create_payment_link/: a new link for staff to send (docs/product.md §7).
 * A refusal ('This account has already been paid') comes as the usual toast.
 */
export function createPaymentLink(target: PaymentLinkTarget) {
  return apiRequest(
    `/api/merchants/${target.merchantId}/customers/${target.customerId}/accounts/${target.accountId}/create_payment_link/`,
    { method: 'POST', body: { customer_id: target.customerId }, schema: paymentLinkSchema },
  );
}

export const useCreatePaymentLink = () => useMutation({ mutationFn: createPaymentLink });
