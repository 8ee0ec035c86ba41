import { merchantAccountPageSchema } from '@paylane/shared/contracts/merchant-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const merchantAccountsKey = (merchantId: string) =>
  ['merchants', merchantId, 'merchant-accounts'] as const;

/** GET /api/merchants/{id}/merchant_accounts/?location= (all of the merchant's when no location is given). */
export function listMerchantAccounts(merchantId: string, locationId: string | null) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/merchant_accounts/`, {
    query: { page: 1, page_size: 1000, location: locationId ?? undefined },
    schema: merchantAccountPageSchema,
  });
}

export const merchantAccountsQueryOptions = (merchantId: string, locationId: string | null) =>
  queryOptions({
    queryKey: [...merchantAccountsKey(merchantId), 'list', locationId ?? 'all'],
    queryFn: () => listMerchantAccounts(merchantId, locationId),
  });

export const useMerchantAccounts = (merchantId: string, locationId: string | null) =>
  useQuery(merchantAccountsQueryOptions(merchantId, locationId));
