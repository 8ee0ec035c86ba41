import { customerGroupPageSchema } from '@paylane/shared/contracts/customer-groups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupsKey, customerGroupsPath } from './keys';

export type CustomerGroupsQuery = { page?: number; page_size?: number; search?: string };

/** GET /api/merchants/{id}/customer_groups/?page=&page_size=&search= (docs/product.md §7 customer groups). */
export function listCustomerGroups(merchantId: string, query: CustomerGroupsQuery) {
  return apiRequest(customerGroupsPath(merchantId), {
    query: { ...query, search: query.search?.trim() || undefined },
    schema: customerGroupPageSchema,
  });
}

export const customerGroupsQueryOptions = (merchantId: string, query: CustomerGroupsQuery) =>
  queryOptions({
    queryKey: [...customerGroupsKey(merchantId), 'list', query],
    queryFn: () => listCustomerGroups(merchantId, query),
    placeholderData: keepPreviousData,
  });

export const useCustomerGroups = (merchantId: string, query: CustomerGroupsQuery) =>
  useQuery(customerGroupsQueryOptions(merchantId, query));

/** docs/product.md §9: the group picker fetches 1000 groups and hides those with no customers. */
export const GROUP_PICKER_PAGE_SIZE = 1000;

export function usePickableGroups(merchantId: string, enabled = true) {
  return useQuery({
    ...customerGroupsQueryOptions(merchantId, { page: 1, page_size: GROUP_PICKER_PAGE_SIZE }),
    enabled,
    select: (page) => page.results.filter((group) => group.customer_count > 0),
  });
}
