import { createdApiKeySchema, type ApiKeyCreate } from '@paylane/shared/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKey } from './list-api-keys';

/** POST /api/merchants/{id}/api_keys/: the answer's `key` is the only time the full key is seen. */
export function createApiKey(merchantId: string, body: ApiKeyCreate) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/api_keys/`, {
    method: 'POST',
    body,
    schema: createdApiKeySchema,
  });
}

export function useCreateApiKey(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => createApiKey(merchantId, body),
    meta: { showsClientErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(merchantId) }),
  });
}
