import { integrationSchema } from '@paylane/shared/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { integrationsKey } from './list-integrations';

/** POST /api/merchants/{id}/integrations/{type}/enable/ (idempotent). */
export function enableIntegration(merchantId: string, integrationType: string) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/integrations/${encodeURIComponent(integrationType)}/enable/`,
    { method: 'POST', schema: integrationSchema },
  );
}

export function useEnableIntegration(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integrationType: string) => enableIntegration(merchantId, integrationType),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKey(merchantId) }),
  });
}
