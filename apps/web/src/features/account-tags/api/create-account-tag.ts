import { accountTagSchema, type AccountTagWrite } from '@paylane/shared/contracts/account-tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountTagsKey } from './list-account-tags';

/** POST /api/merchants/{id}/account-tags/: 400 {name: ['A tag with this name already exists']} on a duplicate. */
export function createAccountTag(merchantId: string, body: AccountTagWrite) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/account-tags/`, {
    method: 'POST',
    body,
    schema: accountTagSchema,
  });
}

export function useCreateAccountTag(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountTagWrite) => createAccountTag(merchantId, body),
    meta: { showsClientErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTagsKey(merchantId) }),
  });
}
