import { autopaySummarySchema } from '@paylane/shared/contracts/autopay';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { autopayKey, autopaySummaryPath } from './keys';

export type AutopayRange = { start: string; end: string };

/** GET /api/merchants/{m}/autopay_summary/?start&end (days on the merchant's clock, inclusive). */
export function getAutopaySummary(merchantId: string, range: AutopayRange) {
  return apiRequest(autopaySummaryPath(merchantId), {
    query: { start: range.start || undefined, end: range.end || undefined },
    schema: autopaySummarySchema,
  });
}

export const useAutopaySummary = (merchantId: string, range: AutopayRange) =>
  useQuery({
    queryKey: [...autopayKey(merchantId), 'summary', range],
    queryFn: () => getAutopaySummary(merchantId, range),
    placeholderData: keepPreviousData,
  });
