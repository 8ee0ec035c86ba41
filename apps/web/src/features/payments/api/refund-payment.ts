import { refundSchema, type RefundPaymentInput } from '@paylane/shared/contracts/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentReportKey } from '../../payment-report/api/keys';
import { customersKey } from '../../customers/api/get-customer';
import { miscPaymentsKey } from '../../misc-payments/api/list-misc-payments';

export type RefundPaymentVariables = { idempotencyKey: string; input: RefundPaymentInput };

export const refundPaymentPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/refund_payment/`;

/**
 * POST /api/merchants/{m}/refund_payment/ (docs/product.md §7) with an Idempotency-Key: the same key sent
 * again answers the first refund and gives nothing back twice.
 */
export function refundPayment(merchantId: string, variables: RefundPaymentVariables) {
  return apiRequest(refundPaymentPath(merchantId), {
    method: 'POST',
    body: variables.input,
    headers: { 'Idempotency-Key': variables.idempotencyKey },
    schema: refundSchema,
  });
}

export function useRefundPayment(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: RefundPaymentVariables) => refundPayment(merchantId, variables),
    // The account's amount due rises with the refund; its payments list, the customer and the report show it,
    // and the misc payments list a misc payment's refund.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: paymentReportKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: miscPaymentsKey(merchantId) }),
      ]),
    meta: { showsClientErrors: true },
  });
}
