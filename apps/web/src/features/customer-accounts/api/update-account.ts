import { customerAccountSchema, type AccountWriteInput } from '@paylane/shared/contracts/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerPath, customersKey } from '../../customers/api/get-customer';

/** PUT /api/merchants/{id}/customers/{customer_id}/accounts/{account_id}/ (the whole account). */
export function updateAccount(
  merchantId: string,
  customerId: string,
  accountId: string,
  input: AccountWriteInput,
) {
  return apiRequest(`${customerPath(merchantId, customerId)}accounts/${encodeURIComponent(accountId)}/`, {
    method: 'PUT',
    body: input,
    schema: customerAccountSchema,
  });
}

export function useUpdateAccount(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: AccountWriteInput }) =>
      updateAccount(merchantId, customerId, accountId, input),
    // Co-borrowers' pages and the list show the account too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
