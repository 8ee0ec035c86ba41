import { integrationSchema } from '@paylane/shared/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { integrationsKey } from './list-integrations';

/** POST /api/merchants/{id}/integrations/{type}/disable/ (idempotent). */
export function disableIntegration(merchantId: string, integrationType: string) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/integrations/${encodeURIComponent(integrationType)}/disable/`,
    { method: 'POST', schema: integrationSchema },
  );
}

export function useDisableIntegration(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integrationType: string) => disableIntegration(merchantId, integrationType),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKey(merchantId) }),
  });
}
