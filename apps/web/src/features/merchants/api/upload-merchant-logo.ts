import { LOGO_FIELD, merchantSchema } from '@paylane/shared/contracts/merchants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantQueryOptions } from './get-merchant';
import { merchantListKey } from './list-merchants';

/** POST /api/merchants/{id}/upload_logo/ as multipart (one image). */
export async function uploadMerchantLogo(id: string, file: File) {
  const body = new FormData();
  body.append(LOGO_FIELD, file, file.name);
  return apiRequest(`/api/merchants/${encodeURIComponent(id)}/upload_logo/`, {
    method: 'POST',
    body,
    schema: merchantSchema,
  });
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
