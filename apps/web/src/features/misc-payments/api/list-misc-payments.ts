import { miscPaymentPageSchema } from '@paylane/shared/contracts/payments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every misc payments query of a merchant: invalidated when one is taken. */
export const miscPaymentsKey = (merchantId: string) => ['merchants', merchantId, 'misc-payments'] as const;

export const miscPaymentsPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/misc-payment/`;

/** GET /api/merchants/{m}/misc-payment/?page&page_size: the merchant's misc (down) payments, newest first. */
export function listMiscPayments(merchantId: string, paging: { page: number; pageSize: number }) {
  return apiRequest(miscPaymentsPath(merchantId), {
    query: { page: paging.page, page_size: paging.pageSize },
    schema: miscPaymentPageSchema,
  });
}

export const useMiscPayments = (merchantId: string, paging: { page: number; pageSize: number }) =>
  useQuery({
    queryKey: [...miscPaymentsKey(merchantId), paging],
    queryFn: () => listMiscPayments(merchantId, paging),
    // Keep the current rows on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
