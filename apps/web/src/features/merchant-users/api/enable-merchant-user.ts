import { merchantUserSchema } from '@paylane/shared/contracts/merchant-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantUsersKey } from './list-merchant-users';

/** POST /api/merchants/{id}/users/{user_id}/enable/ */
export function enableMerchantUser(merchantId: string, userId: string) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}/enable/`,
    { method: 'POST', schema: merchantUserSchema },
  );
}

export function useEnableMerchantUser(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => enableMerchantUser(merchantId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantUsersKey(merchantId) }),
  });
}
