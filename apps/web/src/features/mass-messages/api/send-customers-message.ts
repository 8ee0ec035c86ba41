import {
  sendCustomersMessageAnswerSchema,
  type SendCustomersMessage,
} from '@paylane/shared/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageBatchesKey } from '../../message-report/api/keys';

/**
 * POST /api/merchants/{id}/customers/send_customers_message/ (docs/product.md §7) with an Idempotency-Key: a repeat
 * of the same submit answers the first batch instead of sending twice (docs/conventions.md §4).
 */
export function sendCustomersMessage(
  merchantId: string,
  input: SendCustomersMessage,
  idempotencyKey: string,
) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/customers/send_customers_message/`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: sendCustomersMessageAnswerSchema,
  });
}

export function useSendCustomersMessage(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SendCustomersMessage; idempotencyKey: string }) =>
      sendCustomersMessage(merchantId, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageBatchesKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
