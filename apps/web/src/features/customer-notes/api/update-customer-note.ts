import { customerNoteSchema } from '@paylane/shared/contracts/customer-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKey, customerPath } from '../../customers/api/get-customer';

/** PUT /api/merchants/{id}/customers/{customer_id}/notes/{note_id}/ {body} */
export function updateCustomerNote(merchantId: string, customerId: string, noteId: string, body: string) {
  return apiRequest(`${customerPath(merchantId, customerId)}notes/${encodeURIComponent(noteId)}/`, {
    method: 'PUT',
    body: { body },
    schema: customerNoteSchema,
  });
}

export function useUpdateCustomerNote(merchantId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: string }) =>
      updateCustomerNote(merchantId, customerId, noteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(merchantId, customerId) }),
    meta: { showsClientErrors: true },
  });
}
