import { ACCOUNT_TAGS_PAGE_SIZE, accountTagPageSchema } from '@paylane/shared/contracts/account-tags';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every cached page of a merchant's tags starts with this key. */
export const accountTagsKey = (merchantId: string) => ['account-tags', merchantId] as const;

export type AccountTagQuery = { page: number; search: string };

/** GET /api/merchants/{id}/account-tags/?page=&page_size=40&search= */
export function listAccountTags(merchantId: string, query: AccountTagQuery) {
  const search = query.search.trim();
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/account-tags/`, {
    query: { page: query.page, page_size: ACCOUNT_TAGS_PAGE_SIZE, search: search || undefined },
    schema: accountTagPageSchema,
  });
}

export const accountTagsQueryOptions = (merchantId: string, query: AccountTagQuery) =>
  queryOptions({
    queryKey: [...accountTagsKey(merchantId), { page: query.page, search: query.search.trim() }],
    queryFn: () => listAccountTags(merchantId, query),
    placeholderData: keepPreviousData,
  });

export const useAccountTags = (merchantId: string, query: AccountTagQuery) =>
  useQuery(accountTagsQueryOptions(merchantId, query));
