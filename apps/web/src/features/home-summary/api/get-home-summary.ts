import { homeSummarySchema } from '@paylane/shared/contracts/home';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merchants/{id}/home_summary/: Home's figures for the current merchant. */
export function getHomeSummary(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/home_summary/`, {
    schema: homeSummarySchema,
  });
}

export const homeSummaryKey = (merchantId: string) => ['merchants', merchantId, 'home-summary'] as const;

export const useHomeSummary = (merchantId: string) =>
  useQuery({ queryKey: homeSummaryKey(merchantId), queryFn: () => getHomeSummary(merchantId) });
