import { ownerPageSchema } from '@paylane/shared/contracts/owners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ownersKey = (merchantId: string) => ['merchants', merchantId, 'owners'] as const;

/** GET /api/merchants/{id}/business_owners/ (a merchant has a handful of owners: one page holds them). */
export function listOwners(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/business_owners/`, {
    query: { page: 1, page_size: 1000 },
    schema: ownerPageSchema,
  });
}

export const ownersQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: [...ownersKey(merchantId), 'list'], queryFn: () => listOwners(merchantId) });

export const useOwners = (merchantId: string) => useQuery(ownersQueryOptions(merchantId));
