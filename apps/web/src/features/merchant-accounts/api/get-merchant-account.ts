import { merchantAccountSchema } from '@paylane/shared/contracts/merchant-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantAccountsKey } from './list-merchant-accounts';

export const merchantAccountPath = (merchantId: string, accountId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/merchant_accounts/${encodeURIComponent(accountId)}/`;

/** GET /api/merchants/{id}/merchant_accounts/{merchant_account_id}/ */
export function getMerchantAccount(merchantId: string, accountId: string) {
  return apiRequest(merchantAccountPath(merchantId, accountId), { schema: merchantAccountSchema });
}

export const merchantAccountQueryOptions = (merchantId: string, accountId: string) =>
  queryOptions({
    queryKey: [...merchantAccountsKey(merchantId), 'detail', accountId],
    queryFn: () => getMerchantAccount(merchantId, accountId),
  });

export const useMerchantAccount = (merchantId: string, accountId: string) =>
  useQuery(merchantAccountQueryOptions(merchantId, accountId));
