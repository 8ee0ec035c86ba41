import { customerSchema } from '@paylane/shared/contracts/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every customer query of a merchant lives under this key; invalidate it after a change. */
export const customersKey = (merchantId: string) => ['merchants', merchantId, 'customers'] as const;
export const customerKey = (merchantId: string, customerId: string) =>
  [...customersKey(merchantId), 'detail', customerId] as const;

export const customerPath = (merchantId: string, customerId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/customers/${encodeURIComponent(customerId)}/`;

/** GET /api/merchants/{id}/customers/{customer_id}/ */
export function getCustomer(merchantId: string, customerId: string) {
  return apiRequest(customerPath(merchantId, customerId), { schema: customerSchema });
}

export const customerQueryOptions = (merchantId: string, customerId: string) =>
  queryOptions({
    queryKey: customerKey(merchantId, customerId),
    queryFn: () => getCustomer(merchantId, customerId),
  });

export const useCustomer = (merchantId: string, customerId: string) =>
  useQuery(customerQueryOptions(merchantId, customerId));
