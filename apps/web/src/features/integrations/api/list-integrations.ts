import { integrationPageSchema } from '@paylane/shared/contracts/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const integrationsKey = (merchantId: string) => ['integrations', merchantId] as const;

/** GET /api/merchants/{id}/integrations/ (super admins): every known integration with its state. */
export function listIntegrations(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/integrations/`, {
    schema: integrationPageSchema,
  });
}

export const integrationsQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: integrationsKey(merchantId), queryFn: () => listIntegrations(merchantId) });

export const useIntegrations = (merchantId: string) => useQuery(integrationsQueryOptions(merchantId));
