import { inboxCountsSchema } from '@paylane/shared/contracts/inbox';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboxCountsKey, inboxPath } from './keys';

/** GET /api/merchants/{id}/inbox/counts/: conversations waiting for a reply and unread (issue 20). */
export function getInboxCounts(merchantId: string, signal?: AbortSignal) {
  return apiRequest(`${inboxPath(merchantId)}counts/`, { schema: inboxCountsSchema, signal });
}

// The inbox socket refreshes the counts as conversations change; elsewhere they are read again now and then.
const COUNTS_REFRESH_MS = 60_000;

export function useInboxCounts(merchantId: string | null) {
  return useQuery({
    queryKey: inboxCountsKey(merchantId ?? ''),
    queryFn: ({ signal }) => getInboxCounts(merchantId ?? '', signal),
    enabled: merchantId !== null,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}
