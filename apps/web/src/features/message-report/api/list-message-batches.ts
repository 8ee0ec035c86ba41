import { messageBatchPageSchema, type BatchCounts } from '@paylane/shared/contracts/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageBatchesKey, messageBatchesPath } from './keys';

export type MessageBatchesQuery = { page: number; page_size: number; search?: string };

/** GET /api/merchants/{id}/message_batches/?page=&page_size=&search= (the message report). */
export function listMessageBatches(merchantId: string, query: MessageBatchesQuery) {
  return apiRequest(messageBatchesPath(merchantId), {
    query: { ...query, search: query.search?.trim() || undefined },
    schema: messageBatchPageSchema,
  });
}

/**
 * How often to ask again while a batch is on its way: every 3 s while texts wait to leave, every 10 s
 * while only carriers' delivery reports are awaited (some never come), not at all once everything is final.
 */
export function progressInterval(counts: BatchCounts | undefined): number | false {
  if (!counts) return false;
  if (counts.pending + counts.queued > 0) return 3000;
  return counts.sent > 0 ? 10_000 : false;
}

export const useMessageBatches = (merchantId: string, query: MessageBatchesQuery) =>
  useQuery({
    queryKey: [...messageBatchesKey(merchantId), 'list', query],
    queryFn: () => listMessageBatches(merchantId, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const intervals = (current.state.data?.results ?? [])
        .map((batch) => progressInterval(batch.counts))
        .filter((interval): interval is number => interval !== false);
      return intervals.length > 0 ? Math.min(...intervals) : false;
    },
  });
