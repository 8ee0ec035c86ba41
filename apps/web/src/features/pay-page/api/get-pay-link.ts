import { payLinkSummarySchema } from '@paylane/shared/contracts/pay-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const payLinkPath = (token: string) => `/api/pay/${encodeURIComponent(token)}/`;
export const payLinkKey = (token: string) => ['pay-link', token] as const;

/** GET /api/pay/{token}/: what anyone holding the link may see; 404 for a link nobody made. */
export function getPayLink(token: string) {
  return apiRequest(payLinkPath(token), { schema: payLinkSummarySchema, authenticated: false });
}

export const usePayLink = (token: string) =>
  useQuery({
    queryKey: payLinkKey(token),
    queryFn: () => getPayLink(token),
    // The page says itself that a link is not valid.
    meta: { showsClientErrors: true },
  });
