import { messageBatchSchema } from '@paylane/shared/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageBatchesKey, messageBatchPath } from './keys';

/** POST .../message_batches/{batch_id}/cancel_pending/: what has not left is canceled; answers the batch. */
export function cancelPending(merchantId: string, batchId: string) {
  return apiRequest(`${messageBatchPath(merchantId, batchId)}cancel_pending/`, {
    method: 'POST',
    schema: messageBatchSchema,
  });
}

export function useCancelPending(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => cancelPending(merchantId, batchId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageBatchesKey(merchantId) }),
  });
}
