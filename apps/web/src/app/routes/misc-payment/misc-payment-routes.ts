import type { RouteObject } from 'react-router';

/**
 * docs/product.md §2 /merchants/{merchantID}/misc-payment/** (down payment): the merchant's misc payments and
 * 'New Misc Payment'. Who may use them is who may take a payment on an account: any member of the merchant
 * (super admins: any merchant); the API refuses anyone else with 404, as for the inbox.
 */
export function miscPaymentRoutes(): RouteObject[] {
  return [
    {
      path: 'merchants/:merchantID/misc-payment',
      lazy: async () => ({ Component: (await import('./misc-payments-page')).MiscPaymentsPage }),
    },
    {
      path: 'merchants/:merchantID/misc-payment/new',
      lazy: async () => ({ Component: (await import('./new-misc-payment-page')).NewMiscPaymentPage }),
    },
  ];
}
