import { paymentMethodPageSchema } from '@paylane/shared/contracts/payment-methods';
import { MAX_PAGE_SIZE } from '@paylane/shared/contracts/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

export const paymentMethodsKey = (merchantId: string, customerId: string) =>
  [...customerKey(merchantId, customerId), 'payment-methods'] as const;

/** GET /api/merchants/{id}/customers/{customer_id}/payment_methods/: a customer has a handful, one page holds them. */
export function listPaymentMethods(merchantId: string, customerId: string) {
  return apiRequest(`${customerPath(merchantId, customerId)}payment_methods/`, {
    query: { page: 1, page_size: MAX_PAGE_SIZE },
    schema: paymentMethodPageSchema,
  });
}

export const paymentMethodsQueryOptions = (merchantId: string, customerId: string) =>
  queryOptions({
    queryKey: paymentMethodsKey(merchantId, customerId),
    queryFn: () => listPaymentMethods(merchantId, customerId),
  });

export const usePaymentMethods = (merchantId: string, customerId: string) =>
  useQuery(paymentMethodsQueryOptions(merchantId, customerId));
