import { messageBatchSchema } from '@paylane/shared/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageBatchesKey, messageBatchPath } from './keys';
import { progressInterval } from './list-message-batches';

/** GET /api/merchants/{id}/message_batches/{batch_id}/: the batch and its counts by status. */
export function getMessageBatch(merchantId: string, batchId: string) {
  return apiRequest(messageBatchPath(merchantId, batchId), { schema: messageBatchSchema });
}

export const messageBatchKey = (merchantId: string, batchId: string) =>
  [...messageBatchesKey(merchantId), 'detail', batchId] as const;

/** Asked again while the batch is on its way, so the statuses visibly move to Delivered. */
export const useMessageBatch = (merchantId: string, batchId: string) =>
  useQuery({
    queryKey: messageBatchKey(merchantId, batchId),
    queryFn: () => getMessageBatch(merchantId, batchId),
    refetchInterval: (current) => progressInterval(current.state.data?.counts),
  });
