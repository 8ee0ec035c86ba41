import type { RouteObject } from 'react-router';

/**
 * Reports (docs/product.md §2): /promises, the current merchant's promises to pay and scheduled payments.
 * Every member reads it (docs/product.md §2 navigation: Promises (members)); the API checks membership.
 */
export function promisesRoutes(): RouteObject[] {
  return [
    {
      path: 'promises',
      lazy: async () => ({ Component: (await import('./promises-page')).PromisesPage }),
    },
  ];
}
