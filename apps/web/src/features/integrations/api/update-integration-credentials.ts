import {
  credentialsSchemas,
  type CredentialsUpdate,
  type CredentialVendor,
} from '@paylane/shared/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { credentialsKey, credentialsPath } from './get-integration-credentials';
import { integrationsKey } from './list-integrations';

/** PUT /api/merchants/{id}/integrations/{vendor}/credentials/: an empty password keeps the saved one. */
export function updateIntegrationCredentials<V extends CredentialVendor>(
  merchantId: string,
  vendor: V,
  body: CredentialsUpdate<V>,
) {
  return apiRequest(credentialsPath(merchantId, vendor), {
    method: 'PUT',
    body,
    schema: credentialsSchemas[vendor],
  });
}

export function useUpdateIntegrationCredentials<V extends CredentialVendor>(merchantId: string, vendor: V) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CredentialsUpdate<V>) => updateIntegrationCredentials(merchantId, vendor, body),
    meta: { showsClientErrors: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(credentialsKey(merchantId, vendor), saved);
      // The integrations list shows whether credentials are set.
      await queryClient.invalidateQueries({ queryKey: integrationsKey(merchantId) });
    },
  });
}
