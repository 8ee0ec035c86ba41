import { customerNoteSchema, type CustomerNoteWriteInput } from '@paylane/shared/contracts/customer-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

/** POST /api/merchants/{id}/customers/{customer_id}/notes/ {body, account} */
export function createCustomerNote(merchantId: string, customerId: string, input: CustomerNoteWriteInput) {
  return apiRequest(`${customerPath(merchantId, customerId)}notes/`, {
    method: 'POST',
    body: input,
    schema: customerNoteSchema,
  });
}

export function useCreateCustomerNote(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerNoteWriteInput) => createCustomerNote(merchantId, customerId, input),
    // The notes and the history timeline live under the customer's key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(merchantId, customerId) }),
    meta: { showsClientErrors: true },
  });
}
