import { merchantUserSchema } from '@paylane/shared/contracts/merchant-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantUsersKey } from './list-merchant-users';

/** POST /api/merchants/{id}/users/{user_id}/resend_invite/: a new link; the previous one stops working. */
export function resendUserInvite(merchantId: string, userId: string) {
  return apiRequest(
    `/api/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}/resend_invite/`,
    { method: 'POST', schema: merchantUserSchema },
  );
}

export function useResendUserInvite(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resendUserInvite(merchantId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantUsersKey(merchantId) }),
  });
}
