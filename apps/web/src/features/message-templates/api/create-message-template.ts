import {
  messageTemplateSchema,
  type MessageTemplateWrite,
} from '@paylane/shared/contracts/message-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageTemplatesKey, messageTemplatesPath } from './keys';

/** POST /api/merchants/{id}/message_templates/ — 400 {"name": ["Existing template name"]} on a repeat. */
export function createMessageTemplate(merchantId: string, input: MessageTemplateWrite) {
  return apiRequest(messageTemplatesPath(merchantId), {
    method: 'POST',
    body: input,
    schema: messageTemplateSchema,
  });
}

export function useCreateMessageTemplate(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageTemplateWrite) => createMessageTemplate(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey(merchantId) }),
    // docs/product.md §8: template save errors appear on the form's fields.
    meta: { showsClientErrors: true },
  });
}
