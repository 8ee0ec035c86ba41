import { locationSchema } from '@paylane/shared/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { locationsKey } from './list-locations';

/** GET /api/merchants/{id}/merchant_locations/{location_id}/ */
export function getLocation(merchantId: string, locationId: string) {
  const path = `/api/merchants/${encodeURIComponent(merchantId)}/merchant_locations/${encodeURIComponent(locationId)}/`;
  return apiRequest(path, { schema: locationSchema });
}

export const locationQueryOptions = (merchantId: string, locationId: string) =>
  queryOptions({
    queryKey: [...locationsKey(merchantId), 'detail', locationId],
    queryFn: () => getLocation(merchantId, locationId),
  });

export const useMerchantLocation = (merchantId: string, locationId: string, enabled = true) =>
  useQuery({ ...locationQueryOptions(merchantId, locationId), enabled });
