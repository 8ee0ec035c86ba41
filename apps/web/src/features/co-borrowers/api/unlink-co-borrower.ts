import { accountCoBorrowersSchema } from '@paylane/shared/contracts/co-borrowers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersKey } from '../../customers/api/get-customer';
import { coBorrowersPath } from './link-co-borrower';

/** DELETE .../accounts/{account_id}/co_borrowers/{co_borrower_id}/ → the account's co-borrowers. */
export function unlinkCoBorrower(
  merchantId: string,
  customerId: string,
  accountId: string,
  coBorrowerId: string,
) {
  const path = `${coBorrowersPath(merchantId, customerId, accountId)}${encodeURIComponent(coBorrowerId)}/`;
  return apiRequest(path, { method: 'DELETE', schema: accountCoBorrowersSchema });
}

export function useUnlinkCoBorrower(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, coBorrowerId }: { accountId: string; coBorrowerId: string }) =>
      unlinkCoBorrower(merchantId, customerId, accountId, coBorrowerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
  });
}
