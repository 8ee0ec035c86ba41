import { LOGO_FIELD, merchantSchema } from '@paylane/shared/contracts/merchants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../../lib/api-error';
import { logout, refreshAccessToken } from '../../../lib/session';
import { readAccessToken } from '../../../lib/session-storage';
import { merchantQueryOptions } from './get-merchant';
import { merchantListKey } from './list-merchants';

/**
 * POST /api/merchants/{id}/upload_logo/ as multipart. apiRequest speaks JSON only, so this call keeps its
 * rules by hand: a fresh bearer token, any 401 logs out, errors in the API's shape.
 */
export async function uploadMerchantLogo(id: string, file: File) {
  await refreshAccessToken().catch(() => {});
  const token = readAccessToken();
  if (!token) {
    void logout('unauthorized');
    throw new ApiError({ status: 401 });
  }
  const body = new FormData();
  body.append(LOGO_FIELD, file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/merchants/${encodeURIComponent(id)}/upload_logo/`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      body,
    });
  } catch {
    throw new ApiError({ status: 0 });
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) void logout('unauthorized');
  if (!response.ok) throw toApiError(response.status, payload);
  return merchantSchema.parse(payload);
}

export function useUploadMerchantLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadMerchantLogo(id, file),
    // The upload field shows 4xx answers itself.
    meta: { showsClientErrors: true },
    onSuccess: async (merchant) => {
      queryClient.setQueryData(merchantQueryOptions(id).queryKey, merchant);
      await queryClient.invalidateQueries({ queryKey: merchantListKey });
    },
  });
}
