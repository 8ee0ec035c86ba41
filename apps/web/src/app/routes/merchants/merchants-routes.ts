import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/** Super admin (and partner) pages: /merchants, /merchants/create, /merchants/{id}, onboarding summary. */
export function merchantAdminRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'merchants',
      loader: createRequireLoader(queryClient, 'superAdminOrPartner'),
      lazy: async () => ({ Component: (await import('./merchants-list')).MerchantsListPage }),
    },
    {
      path: 'merchants/create',
      loader: createRequireLoader(queryClient, 'superAdmin'),
      lazy: async () => ({ Component: (await import('./merchant-create')).MerchantCreatePage }),
    },
    {
      path: 'merchants/:merchantID',
      loader: createRequireLoader(queryClient, 'superAdmin'),
      lazy: async () => ({ Component: (await import('./merchant-detail')).MerchantDetailPage }),
    },
    {
      path: 'onboarding/:merchantID/summary',
      loader: createRequireLoader(queryClient, 'superAdminOrPartner'),
      lazy: async () => ({
        Component: (await import('../onboarding/onboarding-summary')).OnboardingSummaryPage,
      }),
    },
  ];
}
