import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import type { QueryClient } from '@tanstack/react-query';
import { applyConversation, type InboxHistory } from '../inbox-cache';
import { inboxCountsKey, inboxKey, type InboxFilters } from './keys';

/**
 * A conversation changed by this user (resolved, snoozed, woken): placed in every loaded list as its view
 * places it, without waiting for the live update, and the navigation's counts asked again.
 */
export function placeEntryInLoadedLists(queryClient: QueryClient, merchantId: string, entry: InboxEntry) {
  for (const [key] of queryClient.getQueriesData<InboxHistory>({
    queryKey: [...inboxKey(merchantId), 'list'],
  })) {
    const filters = key.at(-1) as InboxFilters; // inboxListKey ends with the filters
    queryClient.setQueryData<InboxHistory>(key, (list) => applyConversation(list, entry, filters));
  }
  void queryClient.invalidateQueries({ queryKey: inboxCountsKey(merchantId) });
}
