import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  credentialsKey,
  integrationsKey,
  ituranCredentialsSchema,
  type IturanCredentialsUpdate,
} from '../integration-schemas';

/** PUT /api/merchants/{id}/integrations/ituran/credentials/: an empty password keeps the saved one. */
export function updateIturanCredentials(merchantId: string, body: IturanCredentialsUpdate) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/integrations/ituran/credentials/`, {
    method: 'PUT',
    body,
    schema: ituranCredentialsSchema,
  });
}

export function useUpdateIturanCredentials(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IturanCredentialsUpdate) => updateIturanCredentials(merchantId, body),
    meta: { showsClientErrors: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(credentialsKey(merchantId, 'ituran'), saved);
      // The integrations list shows whether credentials are set.
      await queryClient.invalidateQueries({ queryKey: integrationsKey(merchantId) });
    },
  });
}
