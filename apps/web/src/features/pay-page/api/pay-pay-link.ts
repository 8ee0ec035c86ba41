import { payLinkReceiptSchema } from '@paylane/shared/contracts/pay-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payLinkKey, payLinkPath } from './get-pay-link';

export type PayPayLinkInput = {
  session: string;
  /** One per payment attempt: a retried request (a double tap, a lost answer) charges once. */
  idempotencyKey: string;
  amount: string;
  entry_id: string;
};

/** POST /api/pay/{token}/pay/: the receipt; a decline is a receipt with status FAILED and its reason. */
export function payPayLink(token: string, input: PayPayLinkInput) {
  return apiRequest(`${payLinkPath(token)}pay/`, {
    method: 'POST',
    body: { amount: input.amount, entry_id: input.entry_id },
    headers: { 'X-Pay-Session': input.session, 'Idempotency-Key': input.idempotencyKey },
    schema: payLinkReceiptSchema,
    authenticated: false,
  });
}

export function usePayPayLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayPayLinkInput) => payPayLink(token, input),
    meta: { showsClientErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payLinkKey(token) }),
  });
}
