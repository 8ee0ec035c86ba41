import { accountCoBorrowersSchema } from '@paylane/shared/contracts/co-borrowers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerPath, customersKey } from '../../customers/api/get-customer';

export const coBorrowersPath = (merchantId: string, customerId: string, accountId: string) =>
  `${customerPath(merchantId, customerId)}accounts/${encodeURIComponent(accountId)}/co_borrowers/`;

/** POST .../customers/{customer_id}/accounts/{account_id}/co_borrowers/ {customer} → the account's co-borrowers. */
export function linkCoBorrower(
  merchantId: string,
  customerId: string,
  accountId: string,
  coBorrowerId: string,
) {
  return apiRequest(coBorrowersPath(merchantId, customerId, accountId), {
    method: 'POST',
    body: { customer: coBorrowerId },
    schema: accountCoBorrowersSchema,
  });
}

export function useLinkCoBorrower(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, coBorrowerId }: { accountId: string; coBorrowerId: string }) =>
      linkCoBorrower(merchantId, customerId, accountId, coBorrowerId),
    // Both customers' pages change: every customer query of the merchant is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
