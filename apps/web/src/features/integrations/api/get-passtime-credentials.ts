import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { credentialsKey, passtimeCredentialsSchema } from '../integration-schemas';

/** GET /api/merchants/{id}/integrations/passtime/credentials/: the saved fields and has_password, never the password. */
export function getPasstimeCredentials(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/integrations/passtime/credentials/`, {
    schema: passtimeCredentialsSchema,
  });
}

export const passtimeCredentialsQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: credentialsKey(merchantId, 'passtime'),
    queryFn: () => getPasstimeCredentials(merchantId),
  });

export const usePasstimeCredentials = (merchantId: string) =>
  useQuery(passtimeCredentialsQueryOptions(merchantId));
