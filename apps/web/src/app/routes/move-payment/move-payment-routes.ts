import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/**
 * /customers/move-payment (docs/product.md §2 Tools): move a payment taken on the wrong account, in the current
 * merchant. It moves money between amounts due, so it needs the right to undo money (correctPayments).
 */
export function movePaymentRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'customers/move-payment',
      loader: createRequireLoader(queryClient, 'correctPayments'),
      lazy: async () => ({ Component: (await import('./move-payment-page')).MovePaymentPage }),
    },
  ];
}
