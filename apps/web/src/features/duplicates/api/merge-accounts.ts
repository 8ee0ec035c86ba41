import { mergeAccountsResultSchema, type MergeAccountsInput } from '@paylane/shared/contracts/duplicates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { isNotPreview } from './merge-preview-key';
import { mergeAccountsPath } from './preview-account-merge';

/** POST .../merge_accounts/ {survivor, merged}: the merged account's tags, co-borrowers and notes move to the survivor. */
export function mergeAccounts(merchantId: string, pair: MergeAccountsInput) {
  return apiRequest(mergeAccountsPath(merchantId), {
    method: 'POST',
    body: pair,
    schema: mergeAccountsResultSchema,
  });
}

export function useMergeAccounts(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: MergeAccountsInput) => mergeAccounts(merchantId, pair),
    // Both accounts, their holders and every list that shows them changed.
    // The preview is left alone: refetching it now would only answer that the merged record is gone.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customersKey(merchantId), predicate: isNotPreview }),
    meta: { showsClientErrors: true },
  });
}
