import { accountTagSchema, type AccountTagWrite } from '@paylane/shared/contracts/account-tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountTagsKey } from './list-account-tags';

/** PUT /api/merchants/{id}/account-tags/{tagId}/: renames a tag. */
export function updateAccountTag(merchantId: string, tagId: string, body: AccountTagWrite) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/account-tags/${encodeURIComponent(tagId)}/`,
    { method: 'PUT', body, schema: accountTagSchema },
  );
}

export function useUpdateAccountTag(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AccountTagWrite & { id: string }) => updateAccountTag(merchantId, id, body),
    meta: { showsClientErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTagsKey(merchantId) }),
  });
}
