import { autopayFailurePageSchema } from '@paylane/shared/contracts/autopay';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AutopayRange } from './get-autopay-summary';
import { autopayFailuresPath, autopayKey } from './keys';

export type AutopayFailuresQuery = AutopayRange & { page: number; pageSize: number };

/** GET /api/merchants/{m}/autopay_failures/?start&end&page&page_size */
export function listAutopayFailures(merchantId: string, query: AutopayFailuresQuery) {
  return apiRequest(autopayFailuresPath(merchantId), {
    query: {
      start: query.start || undefined,
      end: query.end || undefined,
      page: query.page,
      page_size: query.pageSize,
    },
    schema: autopayFailurePageSchema,
  });
}

export const useAutopayFailures = (merchantId: string, query: AutopayFailuresQuery) =>
  useQuery({
    queryKey: [...autopayKey(merchantId), 'failures', query],
    queryFn: () => listAutopayFailures(merchantId, query),
    placeholderData: keepPreviousData,
  });
