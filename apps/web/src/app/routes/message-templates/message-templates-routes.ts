import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/**
 * Message templates (docs/product.md §2): /merchants/{merchantID?}/message-templates (list) and
 * /merchants/{merchantID}/message-templates/{messageTemplateID?} with the preview tabs edit, /text, /email.
 * 'create' (or no id before a tab) is a new template. docs/product.md §6: 'Save as template, template pages'.
 */
export function messageTemplatesRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = createRequireLoader(queryClient, 'manageTemplates');
  const editPage = async () => ({ Component: (await import('./template-edit-page')).TemplateEditPage });
  return [
    {
      path: 'merchants/:merchantID/message-templates',
      loader,
      lazy: async () => ({ Component: (await import('./templates-list-page')).TemplatesListPage }),
    },
    {
      // One page for the tabs: moving between them keeps the draft (the form stays mounted).
      path: 'merchants/:merchantID/message-templates/:messageTemplateID',
      loader,
      lazy: editPage,
      children: [{ index: true }, { path: 'edit' }, { path: 'text' }, { path: 'email' }],
    },
    {
      path: 'merchants/message-templates/*',
      lazy: async () => ({
        Component: (await import('../merchant-setup/current-merchant-redirect')).CurrentMerchantRedirect,
      }),
    },
  ];
}
