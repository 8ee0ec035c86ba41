import { messageListRowSchema } from '@paylane/shared/contracts/inbox';
import { pageOf } from '@paylane/shared/contracts/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The home lists (docs/product.md §2 Home) and the API path of each. */
export const homeMessageLists = {
  missed: 'missed_messages',
  replies: 'customer_replies',
  auto: 'auto_messages',
} as const;
export type HomeMessageList = keyof typeof homeMessageLists;

const messageListPageSchema = pageOf(messageListRowSchema);

export type HomeMessagesQuery = { page: number; page_size: number };

/** GET /api/merchants/{id}/{missed_messages|customer_replies|auto_messages}/?page=&page_size= */
export function listHomeMessages(merchantId: string, list: HomeMessageList, query: HomeMessagesQuery) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/${homeMessageLists[list]}/`, {
    query,
    schema: messageListPageSchema,
  });
}

export const useHomeMessages = (merchantId: string, list: HomeMessageList, query: HomeMessagesQuery) =>
  useQuery({
    queryKey: ['merchants', merchantId, 'home-messages', list, query],
    queryFn: () => listHomeMessages(merchantId, list, query),
    placeholderData: keepPreviousData,
  });
