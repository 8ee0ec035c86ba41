import { chatSocketEventSchema } from '@paylane/shared/contracts/chat';
import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { openLiveSocket } from '../../../lib/socket';
import { chatMessagesKey } from '../api/keys';
import { mergeChatMessage, newestMessageId, type ChatHistory } from '../chat-cache';

/**
 * Spec §4: chat messages arrive live through /ws/chat/{customerId}/?token=. New messages and status changes
 * merge into the history by id; after a drop the socket reconnects with after=<last message id> so the
 * server sends what was missed. Answers the connection's state.
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
    const socket = openLiveSocket({
      path: `/ws/chat/${encodeURIComponent(customerId)}/`,
      query: () => ({ after: newestMessageId(queryClient.getQueryData<ChatHistory>(key)) ?? lastSeen }),
      onOpenChange: (isOpen) => setState(isOpen ? 'open' : 'reconnecting'),
      onEvent: (raw) => {
        const parsed = chatSocketEventSchema.safeParse(raw);
        if (!parsed.success || parsed.data.type !== 'message') return;
        const { message } = parsed.data;
        lastSeen = message.id;
        queryClient.setQueryData<ChatHistory>(key, (history) => mergeChatMessage(history, message));
        onMessageRef.current?.(message);
      },
    });
    return () => socket.close();
  }, [merchantId, customerId, queryClient]);

  return state;
}
