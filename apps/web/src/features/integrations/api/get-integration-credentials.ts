import { credentialsSchemas, type CredentialVendor } from '@paylane/shared/contracts/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const credentialsKey = (merchantId: string, vendor: CredentialVendor) =>
  ['integration-credentials', merchantId, vendor] as const;

export const credentialsPath = (merchantId: string, vendor: CredentialVendor) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/integrations/${vendor}/credentials/`;

/** GET /api/merchants/{id}/integrations/{vendor}/credentials/: the saved fields and has_password, never the password. */
export function getIntegrationCredentials<V extends CredentialVendor>(merchantId: string, vendor: V) {
  return apiRequest(credentialsPath(merchantId, vendor), { schema: credentialsSchemas[vendor] });
}

export const integrationCredentialsQueryOptions = <V extends CredentialVendor>(
  merchantId: string,
  vendor: V,
) =>
  queryOptions({
    queryKey: credentialsKey(merchantId, vendor),
    queryFn: () => getIntegrationCredentials(merchantId, vendor),
  });

export const useIntegrationCredentials = <V extends CredentialVendor>(merchantId: string, vendor: V) =>
  useQuery(integrationCredentialsQueryOptions(merchantId, vendor));
