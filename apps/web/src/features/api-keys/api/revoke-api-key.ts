import { apiKeySchema } from '@paylane/shared/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKey } from './list-api-keys';

/** POST /api/merchants/{id}/api_keys/{keyId}/revoke/: the key stops working at once. */
export function revokeApiKey(merchantId: string, keyId: string) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/api_keys/${encodeURIComponent(keyId)}/revoke/`,
    { method: 'POST', schema: apiKeySchema },
  );
}

export function useRevokeApiKey(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(merchantId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(merchantId) }),
  });
}
