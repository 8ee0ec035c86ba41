import type { SandboxReaderCard } from '@paylane/shared/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { readerPaymentKey } from './follow-reader-payment';

/**
 * POST /api/sandbox-processor/readers/{request_id}/present/ { card }: the sandbox's simulated reader takes a
 * named test card (docs/reference/payments.md "Simulated card reader"). Only for a `simulated` reader.
 */
export function presentSandboxCard(requestId: string, card: SandboxReaderCard) {
  return apiRequest(`/api/sandbox-processor/readers/${encodeURIComponent(requestId)}/present/`, {
    method: 'POST',
    body: { card },
    schema: z.object({ presented: z.literal(true) }),
  });
}

export function usePresentSandboxCard(merchantId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { requestId: string; card: SandboxReaderCard }) =>
      presentSandboxCard(variables.requestId, variables.card),
    // The card is on the reader: ask for the outcome now rather than at the next poll.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: readerPaymentKey(merchantId, idempotencyKey) }),
    meta: { showsClientErrors: true },
  });
}
