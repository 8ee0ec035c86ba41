import { achReturnPageSchema } from '@paylane/shared/contracts/bank-returns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { achReturnReportPath, bankReturnsKey } from './keys';

/** The /ach-return page's query; '' filters nothing. Days are YYYY-MM-DD on the merchant's clock. */
export type AchReturnsQuery = { start: string; end: string; code: string; page: number; pageSize: number };

/** GET /api/merchants/{m}/ach_return_report/?start&end&code&page&page_size */
export function listAchReturns(merchantId: string, query: AchReturnsQuery) {
  return apiRequest(achReturnReportPath(merchantId), {
    query: {
      page: query.page,
      page_size: query.pageSize,
      start: query.start || undefined,
      end: query.end || undefined,
      code: query.code || undefined,
    },
    schema: achReturnPageSchema,
  });
}

export const useAchReturns = (merchantId: string, query: AchReturnsQuery) =>
  useQuery({
    queryKey: [...bankReturnsKey(merchantId), 'report', query],
    queryFn: () => listAchReturns(merchantId, query),
    placeholderData: keepPreviousData,
  });
