import { inboxEntrySchema, type InboxEntry } from '@paylane/shared/contracts/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyConversation, type InboxHistory } from '../inbox-cache';
import { inboxCountsKey, inboxKey, inboxPath, type InboxFilters } from './keys';

/** POST /api/merchants/{id}/inbox/{customer_id}/resolve/: nothing left to answer (issue 20). */
export function resolveConversation(merchantId: string, customerId: string) {
  return apiRequest(`${inboxPath(merchantId)}${encodeURIComponent(customerId)}/resolve/`, {
    method: 'POST',
    schema: inboxEntrySchema,
  });
}

/** Resolve, then the entry placed in every loaded list as its view places it (it leaves Needs reply). */
export function useResolveConversation(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => resolveConversation(merchantId, customerId),
    onSuccess: (entry: InboxEntry) => {
      for (const [key] of queryClient.getQueriesData<InboxHistory>({
        queryKey: [...inboxKey(merchantId), 'list'],
      })) {
        const filters = key.at(-1) as InboxFilters; // inboxListKey ends with the filters
        queryClient.setQueryData<InboxHistory>(key, (list) => applyConversation(list, entry, filters));
      }
      void queryClient.invalidateQueries({ queryKey: inboxCountsKey(merchantId) });
    },
  });
}
