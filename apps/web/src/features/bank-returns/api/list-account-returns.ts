import { achReturnPageSchema } from '@paylane/shared/contracts/bank-returns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountReturnsPath, bankReturnsKey } from './keys';

/** GET …/customers/{c}/accounts/{a}/bank_returns/ — the account's bank returns, newest first. */
export const listAccountReturns = (merchantId: string, customerId: string, accountId: string) =>
  apiRequest(accountReturnsPath(merchantId, customerId, accountId), {
    query: { page: 1, page_size: 10 },
    schema: achReturnPageSchema,
  });

export const useAccountReturns = (merchantId: string, customerId: string, accountId: string) =>
  useQuery({
    queryKey: [...bankReturnsKey(merchantId), 'account', customerId, accountId],
    queryFn: () => listAccountReturns(merchantId, customerId, accountId),
  });
