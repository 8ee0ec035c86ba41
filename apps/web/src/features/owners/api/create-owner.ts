import { ownerSchema, type OwnerCreate } from '@paylane/shared/contracts/owners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownersKey } from './list-owners';

/** POST /api/merchants/{id}/business_owners/: 400 on ownership_percentage when the total would pass 100 %. */
export function createOwner(merchantId: string, input: OwnerCreate) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/business_owners/`, {
    method: 'POST',
    body: input,
    schema: ownerSchema,
  });
}

export function useCreateOwner(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnerCreate) => createOwner(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
