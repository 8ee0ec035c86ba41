import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/**
 * Customer groups (docs/product.md §3, §7; the spec lists no route for them, so they live beside the customers):
 * /merchants/{merchantID}/customer-groups and one group's members. Groups exist to send a mass text to,
 * so the pages follow the Group Message capability of docs/product.md §6, as the API's writes do.
 */
export function customerGroupsRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = createRequireLoader(queryClient, 'groupMessage');
  return [
    {
      path: 'merchants/:merchantID/customer-groups',
      loader,
      lazy: async () => ({ Component: (await import('./customer-groups-page')).CustomerGroupsPage }),
    },
    {
      path: 'merchants/:merchantID/customer-groups/:groupID',
      loader,
      lazy: async () => ({ Component: (await import('./customer-group-page')).CustomerGroupPage }),
    },
    {
      path: 'merchants/customer-groups/*',
      lazy: async () => ({
        Component: (await import('../merchant-setup/current-merchant-redirect')).CurrentMerchantRedirect,
      }),
    },
  ];
}
