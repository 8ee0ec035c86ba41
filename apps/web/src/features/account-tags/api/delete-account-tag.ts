import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountTagsKey } from './list-account-tags';

/** DELETE /api/merchants/{id}/account-tags/{tagId}/ → 204. */
export async function deleteAccountTag(merchantId: string, tagId: string): Promise<void> {
  await apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/account-tags/${encodeURIComponent(tagId)}/`,
    { method: 'DELETE' },
  );
}

export function useDeleteAccountTag(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagId: string) => deleteAccountTag(merchantId, tagId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTagsKey(merchantId) }),
  });
}
