import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { credentialsKey, ituranCredentialsSchema } from '../integration-schemas';

/** GET /api/merchants/{id}/integrations/ituran/credentials/: the saved fields and has_password, never the password. */
export function getIturanCredentials(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/integrations/ituran/credentials/`, {
    schema: ituranCredentialsSchema,
  });
}

export const ituranCredentialsQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: credentialsKey(merchantId, 'ituran'),
    queryFn: () => getIturanCredentials(merchantId),
  });

export const useIturanCredentials = (merchantId: string) =>
  useQuery(ituranCredentialsQueryOptions(merchantId));
