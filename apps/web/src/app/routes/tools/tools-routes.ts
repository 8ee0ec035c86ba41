import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/** Tools of docs/product.md §2: merge customers and merge accounts in the current merchant; admins only (mergeRecords). */
export function toolsRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = createRequireLoader(queryClient, 'mergeRecords');
  return [
    {
      path: 'tools/merge-customers',
      loader,
      lazy: async () => ({ Component: (await import('./merge-customers')).MergeCustomersPage }),
    },
    {
      path: 'tools/merge-accounts',
      loader,
      lazy: async () => ({ Component: (await import('./merge-accounts')).MergeAccountsPage }),
    },
  ];
}
