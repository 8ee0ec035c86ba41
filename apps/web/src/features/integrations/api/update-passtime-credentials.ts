import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  credentialsKey,
  integrationsKey,
  passtimeCredentialsSchema,
  type PasstimeCredentialsUpdate,
} from '../integration-schemas';

/** PUT /api/merchants/{id}/integrations/passtime/credentials/: an empty password keeps the saved one. */
export function updatePasstimeCredentials(merchantId: string, body: PasstimeCredentialsUpdate) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/integrations/passtime/credentials/`, {
    method: 'PUT',
    body,
    schema: passtimeCredentialsSchema,
  });
}

export function useUpdatePasstimeCredentials(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasstimeCredentialsUpdate) => updatePasstimeCredentials(merchantId, body),
    meta: { showsClientErrors: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(credentialsKey(merchantId, 'passtime'), saved);
      // The integrations list shows whether credentials are set.
      await queryClient.invalidateQueries({ queryKey: integrationsKey(merchantId) });
    },
  });
}
