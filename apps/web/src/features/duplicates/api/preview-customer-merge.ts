import { mergeCustomersPreviewSchema, type MergeCustomersInput } from '@paylane/shared/contracts/duplicates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { MERGE_PREVIEW } from './merge-preview-key';

export const mergeCustomersPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/merge_customers/`;

/** POST .../merge_customers/preview/ {survivor, merged}: what would move and be filled; changes nothing. */
export function previewCustomerMerge(merchantId: string, pair: MergeCustomersInput) {
  return apiRequest(`${mergeCustomersPath(merchantId)}preview/`, {
    method: 'POST',
    body: pair,
    schema: mergeCustomersPreviewSchema,
  });
}

/** The preview of a chosen pair; null waits until both customers are chosen (and differ). */
export function useCustomerMergePreview(merchantId: string, pair: MergeCustomersInput | null) {
  return useQuery(
    queryOptions({
      queryKey: [...customersKey(merchantId), MERGE_PREVIEW, 'customers', pair],
      queryFn: () => previewCustomerMerge(merchantId, pair!),
      enabled: pair !== null,
      // Always what the records hold now: the preview is the last look before merging.
      staleTime: 0,
      meta: { showsClientErrors: true },
    }),
  );
}
