import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/** Locations, merchant accounts and owners of a merchant (docs/product.md §2); admins and super admins only (§6). */
export function merchantSetupRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = createRequireLoader(queryClient, 'manageMerchantSetup');
  // Each page is its own route with the full path, so none of them also matches /merchants/{merchantID}.
  const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
    path: `merchants/:merchantID/${path}`,
    loader,
    lazy: async () => ({ Component: await load() }),
  });
  const locations = () => import('./locations');
  const accounts = () => import('./merchant-accounts');
  const owners = () => import('./owners');
  return [
    page('locations', async () => (await locations()).LocationsPage),
    page('locations/create', async () => (await locations()).LocationCreatePage),
    page('locations/:locationID', async () => (await locations()).LocationDetailPage),
    // {locationID?}: without a location the list holds all of the merchant's accounts.
    page('locations/merchant-accounts', async () => (await accounts()).MerchantAccountsPage),
    page('locations/merchant-accounts/create', async () => (await accounts()).MerchantAccountCreatePage),
    page(
      'locations/merchant-accounts/:merchantAccountID',
      async () => (await accounts()).MerchantAccountDetailPage,
    ),
    page('locations/:locationID/merchant-accounts', async () => (await accounts()).MerchantAccountsPage),
    page(
      'locations/:locationID/merchant-accounts/create',
      async () => (await accounts()).MerchantAccountCreatePage,
    ),
    page(
      'locations/:locationID/merchant-accounts/:merchantAccountID',
      async () => (await accounts()).MerchantAccountDetailPage,
    ),
    page('owners', async () => (await owners()).OwnersPage),
    page('owners/create', async () => (await owners()).OwnerCreatePage),
    page('owners/:ownerID', async () => (await owners()).OwnerDetailPage),
    // {merchantID?}: the same pages without a merchant id open in the current merchant.
    ...['merchants/locations/*', 'merchants/owners/*'].map((path) => ({
      path,
      lazy: async () => ({
        Component: (await import('./current-merchant-redirect')).CurrentMerchantRedirect,
      }),
    })),
  ];
}
