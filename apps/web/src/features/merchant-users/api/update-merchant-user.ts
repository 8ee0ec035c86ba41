import { merchantUserSchema, type merchantUserUpdateSchema } from '@paylane/shared/contracts/merchant-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { merchantUsersKey } from './list-merchant-users';

export type UpdateMerchantUserInput = z.output<typeof merchantUserUpdateSchema>;

/** PUT /api/merchants/{id}/users/{user_id}/: the standard role and the custom role. */
export function updateMerchantUser(merchantId: string, userId: string, input: UpdateMerchantUserInput) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}/`, {
    method: 'PUT',
    body: input,
    schema: merchantUserSchema,
  });
}

export function useUpdateMerchantUser(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; data: UpdateMerchantUserInput }) =>
      updateMerchantUser(merchantId, input.userId, input.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantUsersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
