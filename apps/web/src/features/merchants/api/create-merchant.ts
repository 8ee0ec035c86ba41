import { merchantSchema, type MerchantUpdate } from '@paylane/shared/contracts/merchants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantQueryOptions } from './get-merchant';
import { merchantListKey } from './list-merchants';
import { switchableMerchantsKey } from './list-switchable-merchants';

/** POST /api/merchants/ (super admins). */
export function createMerchant(body: MerchantUpdate) {
  return apiRequest('/api/merchants/', { method: 'POST', body, schema: merchantSchema });
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchant,
    // The form shows 4xx answers under its fields.
    meta: { showsClientErrors: true },
    onSuccess: async (merchant) => {
      queryClient.setQueryData(merchantQueryOptions(merchant.id).queryKey, merchant);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantListKey }),
        queryClient.invalidateQueries({ queryKey: switchableMerchantsKey }),
      ]);
    },
  });
}
