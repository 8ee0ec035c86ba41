import type { AccountTag } from '@paylane/shared/contracts/account-tags';
import { useQueryClient } from '@tanstack/react-query';
import { accountTagsKey, useAccountTags } from '../../account-tags/api/list-account-tags';

export type TagOption = { value: string; label: string };

/**
 * Options for a tag picker. docs/product.md §7 reads tags 40 at a time, so the picker searches on the server as the
 * user types; the options are every tag of the merchant seen so far (all cached pages), so a chosen tag
 * keeps its name while another search is shown.
 */
export function useTagOptions(merchantId: string, search: string): TagOption[] {
  const queryClient = useQueryClient();
  // Subscribes to the current search's page, which re-renders this hook when it arrives.
  useAccountTags(merchantId, { page: 1, search });
  const byId = new Map<string, string>();
  for (const [, page] of queryClient.getQueriesData<{ results: AccountTag[] }>({
    queryKey: accountTagsKey(merchantId),
  })) {
    for (const tag of page?.results ?? []) byId.set(tag.id, tag.name);
  }
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}
