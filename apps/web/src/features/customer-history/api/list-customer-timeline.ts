import { timelinePageSchema, type TimelineKind } from '@paylane/shared/contracts/customer-timeline';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';
import { cursorOf, HISTORY_PAGE_SIZE } from './list-customer-history';

/**
 * Under the customer's key, so whatever refreshes the customer (a note written, a payment taken, a message
 * sent) refreshes the timeline too; one cache per kind filter.
 */
export const customerTimelineKey = (merchantId: string, customerId: string, kind: TimelineKind | null) =>
  [...customerKey(merchantId, customerId), 'timeline', kind ?? 'all'] as const;

/** GET /api/merchants/{id}/customers/{customer_id}/timeline/?cursor=&page_size=25&kind= (newest first). */
export function listCustomerTimeline(
  merchantId: string,
  customerId: string,
  options: { cursor: string | null; kind: TimelineKind | null },
) {
  return apiRequest(`${customerPath(merchantId, customerId)}timeline/`, {
    query: {
      cursor: options.cursor ?? undefined,
      page_size: HISTORY_PAGE_SIZE,
      kind: options.kind ?? undefined,
    },
    schema: timelinePageSchema,
  });
}

export const customerTimelineQueryOptions = (
  merchantId: string,
  customerId: string,
  kind: TimelineKind | null,
) =>
  infiniteQueryOptions({
    queryKey: customerTimelineKey(merchantId, customerId, kind),
    queryFn: ({ pageParam }) => listCustomerTimeline(merchantId, customerId, { cursor: pageParam, kind }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => cursorOf(page.next),
  });

export const useCustomerTimeline = (merchantId: string, customerId: string, kind: TimelineKind | null) =>
  useInfiniteQuery(customerTimelineQueryOptions(merchantId, customerId, kind));
