import { accountTransactionPageSchema } from '@paylane/shared/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

/** Every payments query of a customer's account: invalidated when a payment is taken on it. */
export const accountTransactionsKey = (merchantId: string, customerId: string, accountId: string) =>
  [...customerKey(merchantId, customerId), 'accounts', accountId, 'transactions'] as const;

export const accountTransactionsPath = (merchantId: string, customerId: string, accountId: string) =>
  `${customerPath(merchantId, customerId)}accounts/${encodeURIComponent(accountId)}/transactions/`;

/** docs/product.md §7: the customer page reads the account's first 50 payments, newest first. */
export const ACCOUNT_TRANSACTIONS_PAGE_SIZE = 50;

/**
 * GET .../customers/{c}/accounts/{a}/transactions/?page=1&page_size=50: the payments, and the card fee a saved
 * credit card would carry on this account (Take Payment's fee preview).
 */
export function listAccountTransactions(merchantId: string, customerId: string, accountId: string) {
  return apiRequest(accountTransactionsPath(merchantId, customerId, accountId), {
    query: { page: 1, page_size: ACCOUNT_TRANSACTIONS_PAGE_SIZE },
    schema: accountTransactionPageSchema,
  });
}

export const useAccountTransactions = (merchantId: string, customerId: string, accountId: string) =>
  useQuery(
    queryOptions({
      queryKey: accountTransactionsKey(merchantId, customerId, accountId),
      queryFn: () => listAccountTransactions(merchantId, customerId, accountId),
    }),
  );
