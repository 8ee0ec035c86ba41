import {
  messageTemplateSchema,
  type MessageTemplate,
  type MessageTemplateWrite,
} from '@paylane/shared/contracts/message-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageTemplatePath, messageTemplatesKey } from './keys';

/** PUT /api/merchants/{id}/message_templates/{template_id}/ — the whole template. */
export function updateMessageTemplate(merchantId: string, templateId: string, input: MessageTemplateWrite) {
  return apiRequest(messageTemplatePath(merchantId, templateId), {
    method: 'PUT',
    body: input,
    schema: messageTemplateSchema,
  });
}

/** The write body that keeps a template as it is (the list's Active checkbox changes one field of it). */
export function toTemplateWrite(template: MessageTemplate): MessageTemplateWrite {
  return {
    name: template.name,
    description: template.description,
    type: template.type,
    active: template.active,
    is_visible: template.is_visible,
    delta_days: template.delta_days,
    message_bodies: template.message_bodies,
  };
}

export function useUpdateMessageTemplate(merchantId: string, options: { showsClientErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, data }: { templateId: string; data: MessageTemplateWrite }) =>
      updateMessageTemplate(merchantId, templateId, data),
    onSuccess: (saved) => {
      queryClient.setQueryData([...messageTemplatesKey(merchantId), 'detail', saved.id], saved);
      // Lists and renders of the saved template are stale; the detail was just set from the answer.
      return queryClient.invalidateQueries({
        queryKey: messageTemplatesKey(merchantId),
        predicate: (query) => query.queryKey[3] !== 'detail',
      });
    },
    meta: { showsClientErrors: options.showsClientErrors ?? true },
  });
}
