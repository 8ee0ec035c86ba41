import { onboardingSummarySchema } from '@paylane/shared/contracts/merchants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merchants/{id}/onboarding_summary/ (super admins, the merchant's admins and its partner). */
export function getOnboardingSummary(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/onboarding_summary/`, {
    schema: onboardingSummarySchema,
  });
}

// Under the merchant's key, so saving the merchant refreshes its summary too.
export const onboardingSummaryQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: ['merchants', merchantId, 'onboarding-summary'],
    queryFn: () => getOnboardingSummary(merchantId),
    // A merchant the caller may not see is said on the page, not in the generic toast.
    meta: { showsClientErrors: true },
  });

export const useOnboardingSummary = (merchantId: string) =>
  useQuery(onboardingSummaryQueryOptions(merchantId));
