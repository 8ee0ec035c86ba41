import { batchMessagePageSchema, type BatchMessage } from '@paylane/shared/contracts/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageBatchesKey, messageBatchPath } from './keys';

/** The report's status filter: the server groups provider statuses the way docs/product.md §4 displays them. */
export const batchStatusFilters = ['pending', 'queued', 'sent', 'delivered', 'failed', 'canceled'] as const;
export type BatchStatusFilter = (typeof batchStatusFilters)[number];

export type BatchMessagesQuery = { page: number; page_size: number; status?: BatchStatusFilter | undefined };

/** GET /api/merchants/{id}/message_batches/{batch_id}/messages/?page=&page_size=&status= */
export function listBatchMessages(merchantId: string, batchId: string, query: BatchMessagesQuery) {
  return apiRequest(`${messageBatchPath(merchantId, batchId)}messages/`, {
    query,
    schema: batchMessagePageSchema,
  });
}

const WAITING = new Set(['pending', 'sending', 'accepted', 'queued']);

/** The page's own pace: rows still waiting are asked for every 3 s, rows only sent every 10 s. */
function pageInterval(messages: BatchMessage[] | undefined): number | false {
  if (!messages) return false;
  if (messages.some((message) => WAITING.has(message.status))) return 3000;
  return messages.some((message) => message.status === 'sent') ? 10_000 : false;
}

/**
 * `batchInterval`: the batch's pace (false once its counts are final). The rows on screen keep their own
 * pace too, so the last move to Delivered is seen even when the batch's counts turn final first.
 */
export const useBatchMessages = (
  merchantId: string,
  batchId: string,
  query: BatchMessagesQuery,
  batchInterval: number | false,
) =>
  useQuery({
    queryKey: [...messageBatchesKey(merchantId), 'messages', batchId, query],
    queryFn: () => listBatchMessages(merchantId, batchId, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const intervals = [pageInterval(current.state.data?.results), batchInterval].filter(
        (interval): interval is number => interval !== false,
      );
      return intervals.length > 0 ? Math.min(...intervals) : false;
    },
  });
