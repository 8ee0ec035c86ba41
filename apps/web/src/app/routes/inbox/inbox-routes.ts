import type { RouteObject } from 'react-router';

/**
 * docs/product.md §2 Tools and others: /merchants/{merchantID?}/inbox. Members of the merchant read it (the API checks);
 * ?customer= opens that customer's chat (the home pages link here).
 */
export function inboxRoutes(): RouteObject[] {
  return [
    {
      path: 'merchants/:merchantID/inbox',
      lazy: async () => ({ Component: (await import('./inbox-page')).InboxPage }),
    },
    {
      path: 'merchants/inbox',
      lazy: async () => ({
        Component: (await import('../merchant-setup/current-merchant-redirect')).CurrentMerchantRedirect,
      }),
    },
  ];
}
