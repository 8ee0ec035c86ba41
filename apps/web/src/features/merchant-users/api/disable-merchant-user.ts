import { merchantUserSchema } from '@paylane/shared/contracts/merchant-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantUsersKey } from './list-merchant-users';

/** POST /api/merchants/{id}/users/{user_id}/disable/: the user is out at once. */
export function disableMerchantUser(merchantId: string, userId: string) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}/disable/`,
    { method: 'POST', schema: merchantUserSchema },
  );
}

export function useDisableMerchantUser(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; isSelf: boolean }) => disableMerchantUser(merchantId, input.userId),
    // After disabling oneself the session is over: a refetch would only meet a 401.
    onSuccess: (_user, input) =>
      input.isSelf ? undefined : queryClient.invalidateQueries({ queryKey: merchantUsersKey(merchantId) }),
  });
}
