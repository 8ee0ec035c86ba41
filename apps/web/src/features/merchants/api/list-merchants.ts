import { merchantSchema } from '@paylane/shared/contracts/merchants';
import { pageOf } from '@paylane/shared/contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const merchantPageSchema = pageOf(merchantSchema);
/** docs/product.md §9: the shared table pages by 50, 75 or 100, default 50. */
export const MERCHANT_PAGE_SIZES = [50, 75, 100] as const;
export const DEFAULT_MERCHANT_PAGE_SIZE = 50;

export type MerchantListParams = { search: string; page: number; pageSize: number };

/** Every cached page of the merchants screen. */
export const merchantListKey = ['merchants', 'list'] as const;

/** GET /api/merchants/: every merchant for super admins, the ones they onboarded for partners. */
export function listMerchants(params: MerchantListParams) {
  const search = params.search.trim(); // docs/product.md §5: merchant search text is trimmed
  return apiRequest('/api/merchants/', {
    query: { search: search || undefined, page: params.page, page_size: params.pageSize },
    schema: merchantPageSchema,
  });
}

export const merchantsQueryOptions = (params: MerchantListParams) =>
  queryOptions({
    queryKey: [...merchantListKey, { ...params, search: params.search.trim() }],
    queryFn: () => listMerchants(params),
    placeholderData: keepPreviousData,
  });

export const useMerchants = (params: MerchantListParams) => useQuery(merchantsQueryOptions(params));
