import { messageTemplateSchema } from '@paylane/shared/contracts/message-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageTemplatePath, messageTemplatesKey } from './keys';

/** GET /api/merchants/{id}/message_templates/{template_id}/ */
export function getMessageTemplate(merchantId: string, templateId: string) {
  return apiRequest(messageTemplatePath(merchantId, templateId), { schema: messageTemplateSchema });
}

export const messageTemplateQueryOptions = (merchantId: string, templateId: string) =>
  queryOptions({
    queryKey: [...messageTemplatesKey(merchantId), 'detail', templateId],
    queryFn: () => getMessageTemplate(merchantId, templateId),
    // The edit form starts from this answer: a background refetch must not reset what is being typed.
    staleTime: Infinity,
  });

/** No id: a new template (nothing to load). */
export const useMessageTemplate = (merchantId: string, templateId: string | null) =>
  useQuery({ ...messageTemplateQueryOptions(merchantId, templateId ?? ''), enabled: templateId !== null });
