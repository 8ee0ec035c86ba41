import {
  merchantAccountSchema,
  type MerchantAccountWrite,
} from '@paylane/shared/contracts/merchant-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantAccountPath } from './get-merchant-account';
import { merchantAccountsKey } from './list-merchant-accounts';
import { toMerchantAccountRequest } from '../merchant-account-request';

/** PUT /api/merchants/{id}/merchant_accounts/{merchant_account_id}/ (the whole account). */
export function updateMerchantAccount(merchantId: string, accountId: string, input: MerchantAccountWrite) {
  return apiRequest(merchantAccountPath(merchantId, accountId), {
    method: 'PUT',
    body: toMerchantAccountRequest(input),
    schema: merchantAccountSchema,
  });
}

export function useUpdateMerchantAccount(merchantId: string, accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MerchantAccountWrite) => updateMerchantAccount(merchantId, accountId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantAccountsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
