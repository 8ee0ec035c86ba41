import { merchantUserSchema } from '@paylane/shared/contracts/merchant-users';
import { pageOf } from '@paylane/shared/contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const merchantUsersPageSchema = pageOf(merchantUserSchema);

export type MerchantUsersFilter = { page: number; pageSize: number; search: string };

/** Every cached list of the merchant's users; the user mutations invalidate it. */
export const merchantUsersKey = (merchantId: string) => ['merchants', merchantId, 'users'] as const;

/** GET /api/merchants/{id}/users/ */
export function listMerchantUsers(merchantId: string, filter: MerchantUsersFilter) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/users/`, {
    query: { page: filter.page, page_size: filter.pageSize, search: filter.search.trim() || undefined },
    schema: merchantUsersPageSchema,
  });
}

export const merchantUsersQueryOptions = (merchantId: string, filter: MerchantUsersFilter) =>
  queryOptions({
    queryKey: [...merchantUsersKey(merchantId), filter],
    queryFn: () => listMerchantUsers(merchantId, filter),
    placeholderData: keepPreviousData,
  });

export const useMerchantUsers = (merchantId: string, filter: MerchantUsersFilter) =>
  useQuery(merchantUsersQueryOptions(merchantId, filter));
