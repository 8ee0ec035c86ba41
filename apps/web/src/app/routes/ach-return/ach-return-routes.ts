import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/**
 * Reports (docs/product.md §2): /ach-return, the current merchant's returned bank payments and its return-rate
 * gauge (issue 18 item 3). A payment report (docs/product.md §6 viewPaymentReports); anyone else goes Home, and
 * the API refuses the same calls.
 */
export function achReturnRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'ach-return',
      loader: createRequireLoader(queryClient, 'viewPaymentReports'),
      lazy: async () => ({ Component: (await import('./ach-return-page')).AchReturnPage }),
    },
  ];
}
