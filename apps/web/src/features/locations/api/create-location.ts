import { locationSchema, type LocationWrite } from '@paylane/shared/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { locationsKey } from './list-locations';

/** POST /api/merchants/{id}/merchant_locations/ */
export function createLocation(merchantId: string, input: LocationWrite) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/merchant_locations/`, {
    method: 'POST',
    body: input,
    schema: locationSchema,
  });
}

export function useCreateLocation(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationWrite) => createLocation(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
