import { apiKeyPageSchema } from '@paylane/shared/contracts/api-keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Keys a page: the spec names no size for this list, so it asks for the API's usual page. */
export const API_KEYS_PAGE_SIZE = 50;

/** Every cached page of a merchant's keys starts with this key. */
export const apiKeysKey = (merchantId: string) => ['api-keys', merchantId] as const;

/** GET /api/merchants/{id}/api_keys/ (super admins): newest first, revoked ones included. */
export function listApiKeys(merchantId: string, page: number) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/api_keys/`, {
    query: { page, page_size: API_KEYS_PAGE_SIZE },
    schema: apiKeyPageSchema,
  });
}

export const apiKeysQueryOptions = (merchantId: string, page: number) =>
  queryOptions({
    queryKey: [...apiKeysKey(merchantId), { page }],
    queryFn: () => listApiKeys(merchantId, page),
    placeholderData: keepPreviousData,
  });

export const useApiKeys = (merchantId: string, page: number) =>
  useQuery(apiKeysQueryOptions(merchantId, page));
