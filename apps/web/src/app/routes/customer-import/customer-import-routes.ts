import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/** /merchants/{merchantID}/customers/import (docs/product.md §2): 'Customer import/create' of docs/product.md §6. */
export function customerImportRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      // A static segment: react-router ranks it above /customers/:customerID.
      path: 'merchants/:merchantID/customers/import',
      loader: createRequireLoader(queryClient, 'importCustomers'),
      lazy: async () => ({ Component: (await import('./customer-import-page')).CustomerImportPage }),
    },
  ];
}
