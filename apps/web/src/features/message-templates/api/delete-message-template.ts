import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageTemplatePath, messageTemplatesKey } from './keys';

/** DELETE /api/merchants/{id}/message_templates/{template_id}/ (never offered for system templates). */
export async function deleteMessageTemplate(merchantId: string, templateId: string): Promise<void> {
  await apiRequest(messageTemplatePath(merchantId, templateId), { method: 'DELETE' });
}

export function useDeleteMessageTemplate(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => deleteMessageTemplate(merchantId, templateId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey(merchantId) }),
  });
}
