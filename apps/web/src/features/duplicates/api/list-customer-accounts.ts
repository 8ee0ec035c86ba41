import { customerAccountRowPageSchema } from '@paylane/shared/contracts/customer-lookups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';

export type CustomerAccountsQuery = { search?: string; page?: number; page_size?: number };

/** POST /api/merchants/{id}/customer_accounts/ (docs/product.md §7 list merchant customer accounts): one row per account holder. */
export function listCustomerAccounts(merchantId: string, query: CustomerAccountsQuery) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/customer_accounts/`, {
    method: 'POST',
    body: query,
    schema: customerAccountRowPageSchema,
  });
}

export const customerAccountsQueryOptions = (merchantId: string, query: CustomerAccountsQuery) =>
  queryOptions({
    // Under the customers key: a change to a customer or an account makes these rows stale too.
    queryKey: [...customersKey(merchantId), 'accounts', query],
    queryFn: () => listCustomerAccounts(merchantId, query),
    placeholderData: keepPreviousData,
  });

export const useCustomerAccounts = (merchantId: string, query: CustomerAccountsQuery, enabled = true) =>
  useQuery({ ...customerAccountsQueryOptions(merchantId, query), enabled });
