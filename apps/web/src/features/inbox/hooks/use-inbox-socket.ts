import { inboxSocketEventSchema } from '@paylane/shared/contracts/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openLiveSocket } from '../../../lib/socket';
import { inboxCountsKey, inboxKey, type InboxFilters } from '../api/keys';
import { applyConversation, type InboxHistory } from '../inbox-cache';
import { markConversationRead } from './use-open-conversation';

/**
 * The inbox list updates live through /ws/inbox/{merchantId}/?token=: each loaded list places the changed
 * conversation as its view does (inbox-cache), the view counts are read again, and the one open on screen is
 * read at once (update_last_viewed, badge cleared).
 */
export function useInboxSocket(merchantId: string, openCustomerId: string | null) {
  const queryClient = useQueryClient();
  const openRef = useRef(openCustomerId);
  useEffect(() => {
    openRef.current = openCustomerId;
  }, [openCustomerId]);

  useEffect(() => {
    const socket = openLiveSocket({
      path: `/ws/inbox/${encodeURIComponent(merchantId)}/`,
      onEvent: (raw) => {
        const parsed = inboxSocketEventSchema.safeParse(raw);
        if (!parsed.success) return;
        const { entry } = parsed.data;
        const isOpen = openRef.current === entry.customer_id;
        const shown = isOpen ? { ...entry, unread_messages: 0 } : entry;
        for (const [key] of queryClient.getQueriesData<InboxHistory>({
          queryKey: [...inboxKey(merchantId), 'list'],
        })) {
          const filters = key.at(-1) as InboxFilters; // inboxListKey ends with the filters
          queryClient.setQueryData<InboxHistory>(key, (list) => applyConversation(list, shown, filters));
        }
        void queryClient.invalidateQueries({ queryKey: inboxCountsKey(merchantId) });
        if (isOpen && entry.unread_messages > 0)
          markConversationRead(queryClient, merchantId, entry.customer_id);
      },
    });
    return () => socket.close();
  }, [merchantId, queryClient]);
}
