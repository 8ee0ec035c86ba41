import { customerNotePageSchema } from '@paylane/shared/contracts/customer-notes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

export const NOTES_PAGE_SIZE = 25;

/** Under the customer's key: invalidating the customer refreshes the notes too. */
export const customerNotesKey = (merchantId: string, customerId: string) =>
  [...customerKey(merchantId, customerId), 'notes'] as const;

/** GET /api/merchants/{id}/customers/{customer_id}/notes/?page=&page_size=25 (newest first). */
export function listCustomerNotes(merchantId: string, customerId: string, page: number) {
  return apiRequest(`${customerPath(merchantId, customerId)}notes/`, {
    query: { page, page_size: NOTES_PAGE_SIZE },
    schema: customerNotePageSchema,
  });
}

export const customerNotesQueryOptions = (merchantId: string, customerId: string) =>
  infiniteQueryOptions({
    queryKey: customerNotesKey(merchantId, customerId),
    queryFn: ({ pageParam }) => listCustomerNotes(merchantId, customerId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (page, _pages, pageParam) => (page.next ? pageParam + 1 : null),
  });

export const useCustomerNotes = (merchantId: string, customerId: string) =>
  useInfiniteQuery(customerNotesQueryOptions(merchantId, customerId));
