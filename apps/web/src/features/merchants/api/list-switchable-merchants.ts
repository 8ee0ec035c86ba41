import { merchantSummarySchema } from '@paylane/shared/contracts/merchants';
import { pageOf } from '@paylane/shared/contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const merchantSummaryPageSchema = pageOf(merchantSummarySchema);
export const SWITCHER_PAGE_SIZE = 50;

/** GET /api/merchants/simplified_list/: merchants the caller may switch to (all of them for super admins). */
export function listSwitchableMerchants(input: { search: string; pageSize?: number }) {
  const search = input.search.trim(); // docs/product.md §5: merchant search text is trimmed
  return apiRequest('/api/merchants/simplified_list/', {
    query: { search: search || undefined, page_size: input.pageSize ?? SWITCHER_PAGE_SIZE },
    schema: merchantSummaryPageSchema,
  });
}

/** Every cached switcher list; a renamed or new merchant invalidates them. */
export const switchableMerchantsKey = ['merchants', 'switchable'] as const;

export const switchableMerchantsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...switchableMerchantsKey, search.trim()],
    queryFn: () => listSwitchableMerchants({ search }),
    placeholderData: keepPreviousData,
  });

export const useSwitchableMerchants = (search: string, enabled: boolean) =>
  useQuery({ ...switchableMerchantsQueryOptions(search), enabled });
