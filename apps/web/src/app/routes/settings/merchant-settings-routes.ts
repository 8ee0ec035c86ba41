import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/** Settings pages: general, tags, integrations, passtime, ituran, api-keys; each guarded by its docs/product.md §6 capability. */
export function merchantSettingsRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'general',
      loader: createRequireLoader(queryClient, 'manageMerchantSettings'),
      lazy: async () => ({ Component: (await import('./general-page')).GeneralSettingsPage }),
    },
    {
      path: 'tags',
      loader: createRequireLoader(queryClient, 'manageTags'),
      lazy: async () => ({ Component: (await import('./tags-page')).TagsSettingsPage }),
    },
    {
      path: 'integrations',
      loader: createRequireLoader(queryClient, 'manageIntegrations'),
      lazy: async () => ({ Component: (await import('./integrations-page')).IntegrationsSettingsPage }),
    },
    {
      path: 'passtime',
      loader: createRequireLoader(queryClient, 'managePasstime'),
      lazy: async () => ({ Component: (await import('./vendor-credentials-page')).PasstimeSettingsPage }),
    },
    {
      path: 'ituran',
      loader: createRequireLoader(queryClient, 'manageIturan'),
      lazy: async () => ({ Component: (await import('./vendor-credentials-page')).IturanSettingsPage }),
    },
    {
      path: 'api-keys',
      loader: createRequireLoader(queryClient, 'manageApiKeys'),
      lazy: async () => ({ Component: (await import('./api-keys-page')).ApiKeysSettingsPage }),
    },
  ];
}
