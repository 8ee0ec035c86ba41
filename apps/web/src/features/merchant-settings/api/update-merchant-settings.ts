import {
  merchantSettingsSchema,
  type MerchantSettingsUpdateInput,
} from '@paylane/shared/contracts/merchant-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/merchants/{id}/settings/: 400 answers name the API's fields (…_cents for amounts). */
export function updateMerchantSettings(merchantId: string, body: MerchantSettingsUpdateInput) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/settings/`, {
    method: 'PUT',
    body,
    schema: merchantSettingsSchema,
  });
}

export function useUpdateMerchantSettings(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantSettingsUpdateInput) => updateMerchantSettings(merchantId, body),
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
