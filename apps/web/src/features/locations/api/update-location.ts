import { locationSchema, type LocationWrite } from '@paylane/shared/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { locationsKey } from './list-locations';

/** PUT /api/merchants/{id}/merchant_locations/{location_id}/ (the whole location). */
export function updateLocation(merchantId: string, locationId: string, input: LocationWrite) {
  const path = `/api/merchants/${encodeURIComponent(merchantId)}/merchant_locations/${encodeURIComponent(locationId)}/`;
  return apiRequest(path, { method: 'PUT', body: input, schema: locationSchema });
}

export function useUpdateLocation(merchantId: string, locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationWrite) => updateLocation(merchantId, locationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
