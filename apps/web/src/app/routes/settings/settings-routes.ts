import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { merchantSettingsRoutes } from './merchant-settings-routes';
import { peopleSettingsRoutes } from './people-settings-routes';

/** /merchants/{merchantID}/settings/... (docs/product.md §2); each page guards itself with its §6 capability. */
export function settingsRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'merchants/:merchantID/settings',
      lazy: async () => ({ Component: (await import('./settings-layout')).SettingsLayout }),
      children: [...merchantSettingsRoutes(queryClient), ...peopleSettingsRoutes(queryClient)],
    },
  ];
}
