import { merchantSchema, type MerchantUpdate } from '@paylane/shared/contracts/merchants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantQueryOptions } from './get-merchant';
import { merchantListKey } from './list-merchants';
import { switchableMerchantsKey } from './list-switchable-merchants';

/** PUT /api/merchants/{id}/ (super admins): replaces the merchant's record. */
export function updateMerchant(id: string, body: MerchantUpdate) {
  return apiRequest(`/api/merchants/${encodeURIComponent(id)}/`, {
    method: 'PUT',
    body,
    schema: merchantSchema,
  });
}

export function useUpdateMerchant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantUpdate) => updateMerchant(id, body),
    meta: { showsClientErrors: true },
    // The merchant's flags drive navigation and guards everywhere, and its name shows in the header and
    // the switcher: every cached copy is refreshed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: merchantListKey }),
        queryClient.invalidateQueries({ queryKey: switchableMerchantsKey }),
      ]),
  });
}
