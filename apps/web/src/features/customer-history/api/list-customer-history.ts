import { historyPageSchema } from '@paylane/shared/contracts/customer-history';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

/** docs/product.md §9: cursor lists come 25 at a time. */
export const HISTORY_PAGE_SIZE = 25;

/** Under the customer's key, so a change that invalidates the customer refreshes the timeline too. */
export const customerHistoryKey = (merchantId: string, customerId: string) =>
  [...customerKey(merchantId, customerId), 'history'] as const;

/** The cursor of a `next` answer, which may be the next page's full address or the bare cursor. */
export function cursorOf(next: string | null): string | null {
  if (!next) return null;
  if (!next.includes('cursor=')) return next;
  return new URL(next, 'http://localhost').searchParams.get('cursor');
}

/** GET /api/merchants/{id}/customers/{customer_id}/history/?cursor=&page_size=25 (newest first). */
export function listCustomerHistory(merchantId: string, customerId: string, cursor: string | null) {
  return apiRequest(`${customerPath(merchantId, customerId)}history/`, {
    query: { cursor: cursor ?? undefined, page_size: HISTORY_PAGE_SIZE },
    schema: historyPageSchema,
  });
}

export const customerHistoryQueryOptions = (merchantId: string, customerId: string) =>
  infiniteQueryOptions({
    queryKey: customerHistoryKey(merchantId, customerId),
    queryFn: ({ pageParam }) => listCustomerHistory(merchantId, customerId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => cursorOf(page.next),
  });

export const useCustomerHistory = (merchantId: string, customerId: string) =>
  useInfiniteQuery(customerHistoryQueryOptions(merchantId, customerId));
