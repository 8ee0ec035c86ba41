import { inboxEntrySchema, type InboxEntry } from '@paylane/shared/contracts/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboxPath } from './keys';
import { placeEntryInLoadedLists } from './place-entry';

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
    onSuccess: (entry: InboxEntry) => placeEntryInLoadedLists(queryClient, merchantId, entry),
  });
}
