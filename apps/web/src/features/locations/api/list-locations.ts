import { locationPageSchema } from '@paylane/shared/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** docs/product.md §7/§9: the client fetches a merchant's locations 1000 at a time. */
export const LOCATIONS_PAGE_SIZE = 1000;

export const locationsKey = (merchantId: string) => ['merchants', merchantId, 'locations'] as const;

/** GET /api/merchants/{id}/merchant_locations/?page=1&page_size=1000 */
export function listLocations(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/merchant_locations/`, {
    query: { page: 1, page_size: LOCATIONS_PAGE_SIZE },
    schema: locationPageSchema,
  });
}

export const locationsQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: [...locationsKey(merchantId), 'list'], queryFn: () => listLocations(merchantId) });

export const useLocations = (merchantId: string) => useQuery(locationsQueryOptions(merchantId));
