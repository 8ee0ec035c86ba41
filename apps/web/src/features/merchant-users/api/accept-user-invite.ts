import { detailSchema } from '@paylane/shared/contracts/auth';
import type { UserInviteAccept } from '@paylane/shared/contracts/merchant-users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user-invites/{id}/{token}/: sets the invited user's password once. */
export function acceptUserInvite(input: { id: string; token: string; password: UserInviteAccept }) {
  return apiRequest(`/api/user-invites/${encodeURIComponent(input.id)}/${encodeURIComponent(input.token)}/`, {
    method: 'POST',
    body: input.password,
    schema: detailSchema,
    authenticated: false,
  });
}

export const useAcceptUserInvite = () =>
  useMutation({ mutationFn: acceptUserInvite, meta: { showsClientErrors: true } });
