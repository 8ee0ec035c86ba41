import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from './get-owner';
import { ownersKey } from './list-owners';

/** DELETE /api/merchants/{id}/business_owners/{owner_id}/ */
export function deleteOwner(merchantId: string, ownerId: string) {
  return apiRequest<void>(ownerPath(merchantId, ownerId), { method: 'DELETE' });
}

export function useDeleteOwner(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string) => deleteOwner(merchantId, ownerId),
    // Only the list: the removed owner's own query would answer 404 if it were fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ownersKey(merchantId), 'list'] }),
  });
}
