import {
  merchantAccountSchema,
  type MerchantAccountWrite,
} from '@paylane/shared/contracts/merchant-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantAccountsKey } from './list-merchant-accounts';
import { toMerchantAccountRequest } from '../merchant-account-request';

/** POST /api/merchants/{id}/merchant_accounts/ */
export function createMerchantAccount(merchantId: string, input: MerchantAccountWrite) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/merchant_accounts/`, {
    method: 'POST',
    body: toMerchantAccountRequest(input),
    schema: merchantAccountSchema,
  });
}

export function useCreateMerchantAccount(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MerchantAccountWrite) => createMerchantAccount(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantAccountsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
