import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantSettingsSchema, type MerchantSettingsUpdate } from '../merchant-settings-schemas';

/** PUT /api/merchants/{id}/settings/: 400 answers name the API's fields (…_cents for amounts). */
export function updateMerchantSettings(merchantId: string, body: MerchantSettingsUpdate) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/settings/`, {
    method: 'PUT',
    body,
    schema: merchantSettingsSchema,
  });
}

export function useUpdateMerchantSettings(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantSettingsUpdate) => updateMerchantSettings(merchantId, body),
    meta: { showsClientErrors: true },
    onSuccess: async (settings) => {
      queryClient.setQueryData(['merchant-settings', merchantId], settings);
      // The merchant record (name, time zone) shows in the header, the switcher and every guard.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['merchants', merchantId] }),
        queryClient.invalidateQueries({ queryKey: ['merchants', 'switchable'] }),
      ]);
    },
  });
}
