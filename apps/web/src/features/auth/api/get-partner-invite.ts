import { partnerInviteSchema } from '@paylane/shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/partner-invites/{id}/{token}/: who invited whom; 400 'Invalid Token' when spent or expired. */
export function getPartnerInvite(id: string, token: string) {
  return apiRequest(`/api/partner-invites/${encodeURIComponent(id)}/${encodeURIComponent(token)}/`, {
    schema: partnerInviteSchema,
    authenticated: false,
  });
}

export const partnerInviteQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['partner-invites', id, token],
    queryFn: () => getPartnerInvite(id, token),
    meta: { showsClientErrors: true },
  });

export const usePartnerInvite = (id: string, token: string) => useQuery(partnerInviteQueryOptions(id, token));
