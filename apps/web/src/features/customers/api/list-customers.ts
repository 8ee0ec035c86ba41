import { customerPageSchema, type CustomersQuery } from '@paylane/shared/contracts/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from './get-customer';

/** GET /api/merchants/{id}/customers/ with search, filters, ordering and paging (docs/product.md §2 list). */
export function listCustomers(merchantId: string, query: CustomersQuery) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/customers/`, {
    query,
    schema: customerPageSchema,
  });
}

export const customersQueryOptions = (merchantId: string, query: CustomersQuery) =>
  queryOptions({
    queryKey: [...customersKey(merchantId), 'list', query],
    queryFn: () => listCustomers(merchantId, query),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
  });

export const useCustomers = (merchantId: string, query: CustomersQuery, enabled = true) =>
  useQuery({ ...customersQueryOptions(merchantId, query), enabled });
