import { merchantUserSchema, type userInviteCreateSchema } from '@paylane/shared/contracts/merchant-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { merchantUsersKey } from './list-merchant-users';

export type InviteMerchantUserInput = z.output<typeof userInviteCreateSchema>;

/** POST /api/merchants/{id}/users/: 400 {email: [...]} when the email is taken (docs/product.md §8 messages). */
export function inviteMerchantUser(merchantId: string, input: InviteMerchantUserInput) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/users/`, {
    method: 'POST',
    body: input,
    schema: merchantUserSchema,
  });
}

export function useInviteMerchantUser(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMerchantUserInput) => inviteMerchantUser(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantUsersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
