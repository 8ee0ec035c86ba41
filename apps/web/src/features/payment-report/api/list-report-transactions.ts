import { reportTransactionPageSchema } from '@paylane/shared/contracts/payment-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filterParams, paymentReportKey, reportTransactionsPath, type PaymentReportFilters } from './keys';

export type ReportTransactionsQuery = PaymentReportFilters & { page: number; pageSize: number };

/** GET /api/merchants/{id}/report-transactions/?page&page_size&status(repeated)&start&end&like */
export function listReportTransactions(merchantId: string, query: ReportTransactionsQuery) {
  const { page, pageSize, ...filters } = query;
  return apiRequest(reportTransactionsPath(merchantId), {
    query: { page, page_size: pageSize, ...filterParams(filters) },
    schema: reportTransactionPageSchema,
  });
}

export const useReportTransactions = (merchantId: string, query: ReportTransactionsQuery) =>
  useQuery({
    queryKey: [...paymentReportKey(merchantId), 'list', query],
    queryFn: () => listReportTransactions(merchantId, query),
    placeholderData: keepPreviousData,
  });
