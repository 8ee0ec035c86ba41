import type { RouteObject } from 'react-router';

/**
 * Reports (docs/product.md §2): /message-report (the current merchant's mass texts) and
 * /message-report/{messageID}/details (one batch, a row per recipient). Members of the merchant read them;
 * the API checks membership.
 */
export function messageReportRoutes(): RouteObject[] {
  return [
    {
      path: 'message-report',
      lazy: async () => ({ Component: (await import('./message-report-page')).MessageReportPage }),
    },
    {
      path: 'message-report/:messageID/details',
      lazy: async () => ({
        Component: (await import('./message-report-details-page')).MessageReportDetailsPage,
      }),
    },
  ];
}
