import { chatSocketEventSchema } from '@paylane/shared/contracts/chat';
import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { openLiveSocket } from '../../../lib/socket';
import { chatMessagesKey } from '../api/keys';
import { mergeChatMessage, newestMessageId, type ChatHistory } from '../api/chat-cache';

/**
 * docs/product.md §4: chat messages arrive live through /ws/chat/{customerId}/?token=. New messages and status changes
 * merge into the history by id; after a drop the socket reconnects with after=<last message id> so the
 * server sends what was missed. Answers the connection's state; `onMessage` hears each message that arrives.
 */
export function useChatSocket(
  merchantId: string,
  customerId: string,
  onMessage?: (message: ChatMessage) => void,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'connecting' | 'open' | 'reconnecting'>('connecting');
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    const key = chatMessagesKey(merchantId, customerId, '');
    let lastSeen: string | null = null;
    const early: ChatMessage[] = [];
    const socket = openLiveSocket({
      path: `/ws/chat/${encodeURIComponent(customerId)}/`,
      query: () => ({ after: newestMessageId(queryClient.getQueryData<ChatHistory>(key)) ?? lastSeen }),
      onOpenChange: (isOpen) => setState(isOpen ? 'open' : 'reconnecting'),
      onEvent: (raw) => {
        const parsed = chatSocketEventSchema.safeParse(raw);
        if (!parsed.success || parsed.data.type !== 'message') return;
        const { message } = parsed.data;
        lastSeen = message.id;
        onMessageRef.current?.(message);
        // Before the history's first page has arrived there is nothing to merge into (and that page may
        // have been read before this message was written): hold it until the page is in.
        if (!queryClient.getQueryData<ChatHistory>(key)) early.push(message);
        else queryClient.setQueryData<ChatHistory>(key, (history) => mergeChatMessage(history, message));
      },
    });
    const keyHash = hashKey(key);
    const stopWatching = queryClient.getQueryCache().subscribe((event) => {
      if (early.length === 0 || event.query.queryHash !== keyHash || !event.query.state.data) return;
      const held = early.splice(0);
      queryClient.setQueryData<ChatHistory>(key, (history) => held.reduce(mergeChatMessage, history));
    });
    return () => {
      stopWatching();
      socket.close();
    };
  }, [merchantId, customerId, queryClient]);

  return state;
}
