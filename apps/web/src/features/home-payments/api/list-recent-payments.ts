import { recentPaymentsSchema } from '@paylane/shared/contracts/payment-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merchants/{id}/recent_payments/?like: the first 50 of today's paid or refunded payments. */
export function listRecentPayments(merchantId: string, like: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/recent_payments/`, {
    query: { like: like.trim() || undefined },
    schema: recentPaymentsSchema,
  });
}

export const useRecentPayments = (merchantId: string, like: string) =>
  useQuery({
    queryKey: ['merchants', merchantId, 'recent-payments', like.trim()],
    queryFn: () => listRecentPayments(merchantId, like),
    placeholderData: keepPreviousData,
  });
