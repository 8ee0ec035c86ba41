import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/**
 * Reports (docs/product.md §2): /payment-report, the current merchant's payments. It needs Payment reports
 * (docs/product.md §6 viewPaymentReports); anyone else goes Home, and the API refuses the same calls.
 */
export function paymentReportRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'payment-report',
      loader: createRequireLoader(queryClient, 'viewPaymentReports'),
      lazy: async () => ({ Component: (await import('./payment-report-page')).PaymentReportPage }),
    },
  ];
}
