import { autopaySchema } from '@paylane/shared/contracts/autopay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AccountRef } from './get-autopay';
import { accountAutopayPath, autopayCustomerKey, autopayKey } from './keys';

/** DELETE …/accounts/{a}/autopay/: stops it (the enrolment is kept as the record of what was authorized). */
export function stopAutopay(merchantId: string, account: AccountRef) {
  return apiRequest(accountAutopayPath(merchantId, account.customerId, account.accountId), {
    method: 'DELETE',
    schema: autopaySchema,
  });
}

export function useStopAutopay(merchantId: string, account: AccountRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopAutopay(merchantId, account),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autopayKey(merchantId) }),
        queryClient.invalidateQueries({ queryKey: autopayCustomerKey(merchantId, account.customerId) }),
      ]),
    meta: { showsClientErrors: true },
  });
}
