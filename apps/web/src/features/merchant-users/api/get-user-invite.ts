import { userInviteSchema } from '@paylane/shared/contracts/merchant-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const invitePath = (id: string, token: string) =>
  `/api/user-invites/${encodeURIComponent(id)}/${encodeURIComponent(token)}/`;

/** GET /api/user-invites/{id}/{token}/: 400 'Invalid Token' when spent or expired. */
export function getUserInvite(id: string, token: string) {
  return apiRequest(invitePath(id, token), { schema: userInviteSchema, authenticated: false });
}

export const userInviteQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['user-invites', id, token],
    queryFn: () => getUserInvite(id, token),
    meta: { showsClientErrors: true },
  });

export const useUserInvite = (id: string, token: string) => useQuery(userInviteQueryOptions(id, token));
