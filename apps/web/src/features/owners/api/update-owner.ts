import { ownerSchema, type OwnerUpdate } from '@paylane/shared/contracts/owners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from './get-owner';
import { ownersKey } from './list-owners';

/** PUT /api/merchants/{id}/business_owners/{owner_id}/: without an ssn the stored one stays. */
export function updateOwner(merchantId: string, ownerId: string, input: OwnerUpdate) {
  return apiRequest(ownerPath(merchantId, ownerId), { method: 'PUT', body: input, schema: ownerSchema });
}

export function useUpdateOwner(merchantId: string, ownerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnerUpdate) => updateOwner(merchantId, ownerId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
