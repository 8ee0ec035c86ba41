import { autopaySchema, type EnrolAutopayInput } from '@paylane/shared/contracts/autopay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AccountRef } from './get-autopay';
import { accountAutopayPath, autopayCustomerKey, autopayKey } from './keys';

/** POST …/accounts/{a}/autopay/ {payment_method, due_day, authorization_accepted}: the server records its text. */
export function enrolAutopay(merchantId: string, account: AccountRef, input: EnrolAutopayInput) {
  return apiRequest(accountAutopayPath(merchantId, account.customerId, account.accountId), {
    method: 'POST',
    body: input,
    schema: autopaySchema,
  });
}

export function useEnrolAutopay(merchantId: string, account: AccountRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnrolAutopayInput) => enrolAutopay(merchantId, account, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autopayKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: autopayCustomerKey(merchantId, account.customerId) }),
      ]),
    meta: { showsClientErrors: true },
  });
}
