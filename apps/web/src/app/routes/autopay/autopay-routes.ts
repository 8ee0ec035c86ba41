import type { RouteObject } from 'react-router';

/**
 * Reports (docs/product.md §2, issue 18 item 5): /autopay-summary for the current merchant and
 * /{merchantID}/autopay-failures for the merchant in the path. Every member reads them; the API checks membership.
 */
export function autopayRoutes(): RouteObject[] {
  return [
    {
      path: 'autopay-summary',
      lazy: async () => ({ Component: (await import('./autopay-summary-page')).AutopaySummaryPage }),
    },
    {
      path: ':merchant_id/autopay-failures',
      lazy: async () => ({ Component: (await import('./autopay-failures-page')).AutopayFailuresPage }),
    },
  ];
}
