import { mergeCustomersResultSchema, type MergeCustomersInput } from '@paylane/shared/contracts/duplicates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { isNotPreview } from './merge-preview-key';
import { mergeCustomersPath } from './preview-customer-merge';

/** POST .../merge_customers/ {survivor, merged}: the merged customer's records move to the survivor. */
export function mergeCustomers(merchantId: string, pair: MergeCustomersInput) {
  return apiRequest(mergeCustomersPath(merchantId), {
    method: 'POST',
    body: pair,
    schema: mergeCustomersResultSchema,
  });
}

export function useMergeCustomers(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: MergeCustomersInput) => mergeCustomers(merchantId, pair),
    // Both customers, their accounts and every list that shows them changed.
    // The preview is left alone: refetching it now would only answer that the merged record is gone.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customersKey(merchantId), predicate: isNotPreview }),
    meta: { showsClientErrors: true },
  });
}
