import { promisePageSchema } from '@paylane/shared/contracts/promises';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountPromisesKey, accountPromisesPath } from './keys';

/** The account's promises the customer page shows (newest first); an account holds a handful. */
export const ACCOUNT_PROMISES_PAGE_SIZE = 25;

/** GET …/customers/{c}/accounts/{a}/promises/?page=1&page_size=25 */
export function listAccountPromises(merchantId: string, customerId: string, accountId: string) {
  return apiRequest(accountPromisesPath(merchantId, customerId, accountId), {
    query: { page: 1, page_size: ACCOUNT_PROMISES_PAGE_SIZE },
    schema: promisePageSchema,
  });
}

export const useAccountPromises = (merchantId: string, customerId: string, accountId: string) =>
  useQuery({
    queryKey: accountPromisesKey(merchantId, customerId, accountId),
    queryFn: () => listAccountPromises(merchantId, customerId, accountId),
  });
