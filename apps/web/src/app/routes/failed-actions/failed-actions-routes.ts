import type { RouteObject } from 'react-router';

/**
 * docs/product.md §2 /merchants/{merchantID}/failed-actions (issue 18 item 4): the merchant's failed payments,
 * autopay charges and messages to retry or resolve. Every member, as for taking a payment; the API refuses
 * anyone else with 404.
 */
export function failedActionsRoutes(): RouteObject[] {
  return [
    {
      path: 'merchants/:merchantID/failed-actions',
      lazy: async () => ({ Component: (await import('./failed-actions-page')).FailedActionsPage }),
    },
  ];
}
