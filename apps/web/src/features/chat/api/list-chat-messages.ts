import { chatMessagePageSchema } from '@paylane/shared/contracts/chat';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatMessagesKey, merchantPath } from './keys';

/** docs/product.md §9: the chat pages by 25. */
export const CHAT_PAGE_SIZE = 25;

/** GET .../customers/{id}/messages/?cursor=&page_size=25&search= — newest first; `next` pages to older. */
export function listChatMessages(
  merchantId: string,
  customerId: string,
  query: { cursor: string | null; search: string },
  signal?: AbortSignal,
) {
  return apiRequest(`${merchantPath(merchantId)}customers/${encodeURIComponent(customerId)}/messages/`, {
    query: { cursor: query.cursor, page_size: CHAT_PAGE_SIZE, search: query.search || undefined },
    schema: chatMessagePageSchema,
    signal,
  });
}

/** The history, one page of 25 at a time going back; live events keep the newest page current. */
export function useChatMessages(merchantId: string, customerId: string, search: string) {
  return useInfiniteQuery({
    queryKey: chatMessagesKey(merchantId, customerId, search),
    queryFn: ({ pageParam, signal }) =>
      listChatMessages(merchantId, customerId, { cursor: pageParam, search }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // The socket keeps it fresh; a refetch would drop the older pages the user scrolled to.
    staleTime: Infinity,
  });
}
