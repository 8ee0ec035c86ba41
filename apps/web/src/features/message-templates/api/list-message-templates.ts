import { messageTemplatePageSchema } from '@paylane/shared/contracts/message-templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageTemplatesKey, messageTemplatesPath } from './keys';

export type MessageTemplatesQuery = {
  page?: number;
  page_size?: number;
  search?: string;
  active?: 'true' | 'false';
};

/** GET /api/merchants/{id}/message_templates/?page=&page_size=&search= (docs/product.md §2 template list). */
export function listMessageTemplates(merchantId: string, query: MessageTemplatesQuery) {
  return apiRequest(messageTemplatesPath(merchantId), {
    query: { ...query, search: query.search?.trim() || undefined },
    schema: messageTemplatePageSchema,
  });
}

export const messageTemplatesQueryOptions = (merchantId: string, query: MessageTemplatesQuery) =>
  queryOptions({
    queryKey: [...messageTemplatesKey(merchantId), 'list', query],
    queryFn: () => listMessageTemplates(merchantId, query),
    placeholderData: keepPreviousData,
  });

export const useMessageTemplates = (merchantId: string, query: MessageTemplatesQuery) =>
  useQuery(messageTemplatesQueryOptions(merchantId, query));

/** docs/product.md §9: pickers fetch templates 1000 at a time. */
export const TEMPLATE_PICKER_PAGE_SIZE = 1000;

/**
 * The templates a mass text may use (docs/product.md §2 compose): active and visible ones (a template never saved by
 * its author is hidden). Also the names 'Save as new template' must not repeat.
 */
export function usePickableTemplates(merchantId: string, enabled = true) {
  return useQuery({
    ...messageTemplatesQueryOptions(merchantId, { page: 1, page_size: TEMPLATE_PICKER_PAGE_SIZE }),
    enabled,
    select: (page) => page.results,
  });
}
