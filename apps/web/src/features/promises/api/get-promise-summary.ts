import { promiseSummarySchema } from '@paylane/shared/contracts/promises';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promiseSummaryPath, promisesKey } from './keys';

/** GET /api/merchants/{m}/promise_summary/: Home's open promises and the last 30 days' outcomes. */
export function getPromiseSummary(merchantId: string) {
  return apiRequest(promiseSummaryPath(merchantId), { schema: promiseSummarySchema });
}

export const usePromiseSummary = (merchantId: string) =>
  useQuery({
    queryKey: [...promisesKey(merchantId), 'promise-summary'],
    queryFn: () => getPromiseSummary(merchantId),
  });
