import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { updateLastViewed } from '../../customers/api/update-last-viewed';
import { inboxKey } from '../api/keys';
import { clearUnread, type InboxHistory } from '../inbox-cache';

/** update_last_viewed for the customer, and the badge cleared in every loaded list (a lost mark stays quiet). */
export function markConversationRead(queryClient: QueryClient, merchantId: string, customerId: string) {
  queryClient.setQueriesData<InboxHistory>({ queryKey: [...inboxKey(merchantId), 'list'] }, (list) =>
    clearUnread(list, customerId),
  );
  updateLastViewed(merchantId, customerId).catch(() => {});
}

/** Opening a conversation reads it (issue 6: update_last_viewed, and its badge clears). */
export function useOpenConversation(merchantId: string, customerId: string | null) {
  const queryClient = useQueryClient();
  // The ref survives StrictMode's second effect run, so one opening sends one call.
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    const visit = customerId ? `${merchantId}/${customerId}` : null;
    if (!customerId || markedFor.current === visit) return;
    markedFor.current = visit;
    markConversationRead(queryClient, merchantId, customerId);
  }, [queryClient, merchantId, customerId]);
}
