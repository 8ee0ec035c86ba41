import { mergeAccountsPreviewSchema, type MergeAccountsInput } from '@paylane/shared/contracts/duplicates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { MERGE_PREVIEW } from './merge-preview-key';

export const mergeAccountsPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/merge_accounts/`;

/** POST .../merge_accounts/preview/ {survivor, merged}: what would move and be filled; changes nothing. */
export function previewAccountMerge(merchantId: string, pair: MergeAccountsInput) {
  return apiRequest(`${mergeAccountsPath(merchantId)}preview/`, {
    method: 'POST',
    body: pair,
    schema: mergeAccountsPreviewSchema,
  });
}

/** The preview of a chosen pair; null waits until both accounts are chosen (and differ). */
export function useAccountMergePreview(merchantId: string, pair: MergeAccountsInput | null) {
  return useQuery(
    queryOptions({
      queryKey: [...customersKey(merchantId), MERGE_PREVIEW, 'accounts', pair],
      queryFn: () => previewAccountMerge(merchantId, pair!),
      enabled: pair !== null,
      // Always what the records hold now: the preview is the last look before merging.
      staleTime: 0,
      meta: { showsClientErrors: true },
    }),
  );
}
