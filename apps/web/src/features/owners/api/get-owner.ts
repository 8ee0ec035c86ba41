import { ownerSchema } from '@paylane/shared/contracts/owners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownersKey } from './list-owners';

export const ownerPath = (merchantId: string, ownerId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/business_owners/${encodeURIComponent(ownerId)}/`;

/** GET /api/merchants/{id}/business_owners/{owner_id}/ (the SSN only as a mask). */
export function getOwner(merchantId: string, ownerId: string) {
  return apiRequest(ownerPath(merchantId, ownerId), { schema: ownerSchema });
}

export const ownerQueryOptions = (merchantId: string, ownerId: string) =>
  queryOptions({
    queryKey: [...ownersKey(merchantId), 'detail', ownerId],
    queryFn: () => getOwner(merchantId, ownerId),
  });

export const useOwner = (merchantId: string, ownerId: string) =>
  useQuery(ownerQueryOptions(merchantId, ownerId));
