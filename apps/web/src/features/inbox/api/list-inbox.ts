import { inboxPageSchema } from '@paylane/shared/contracts/inbox';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboxListKey, inboxPath, type InboxFilters } from './keys';

/** docs/product.md §9: the inbox pages by 25. */
export const INBOX_PAGE_SIZE = 25;

/** GET /api/merchants/{id}/inbox/?cursor=&page_size=25&search=&field=&location=&view= — in the view's order. */
export function listInbox(
  merchantId: string,
  filters: InboxFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return apiRequest(inboxPath(merchantId), {
    query: {
      cursor,
      page_size: INBOX_PAGE_SIZE,
      search: filters.search || undefined,
      field: filters.field,
      location: filters.location,
      view: filters.view,
    },
    schema: inboxPageSchema,
    signal,
  });
}

/** The conversations, 25 at a time as the list scrolls (docs/product.md §2 infinite scrolling). */
export function useInbox(merchantId: string, filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: inboxListKey(merchantId, filters),
    queryFn: ({ pageParam, signal }) => listInbox(merchantId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // The inbox socket keeps it current; a refetch would drop the pages scrolled to.
    staleTime: Infinity,
  });
}
