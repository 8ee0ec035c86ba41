import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/**
 * Customers (docs/product.md §2): the list, /customers/create (Customer import/create; never for integrated merchants),
 * and the customer page with its sub-views. Reading needs only membership of the merchant (the API checks).
 */
export function customersRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'merchants/:merchantID/customers',
      lazy: async () => ({ Component: (await import('./customers-list')).CustomersListPage }),
    },
    // {merchantID?}: the list (and anything under it) without a merchant id opens in the current merchant.
    {
      path: 'merchants/customers/*',
      lazy: async () => ({
        Component: (await import('../merchant-setup/current-merchant-redirect')).CurrentMerchantRedirect,
      }),
    },
    {
      path: 'customers/create',
      loader: createRequireLoader(queryClient, 'createCustomer'),
      lazy: async () => ({ Component: (await import('./customer-create')).CustomerCreatePage }),
    },
    {
      path: 'merchants/:merchantID/customers/:customerID',
      lazy: async () => ({ Component: (await import('./customer-layout')).CustomerLayout }),
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import('./customer-accounts-view')).CustomerAccountsView }),
        },
        {
          path: 'timeline',
          lazy: async () => ({ Component: (await import('./customer-timeline-view')).CustomerTimelineView }),
        },
        {
          path: 'history',
          lazy: async () => ({ Component: (await import('./customer-history-view')).CustomerHistoryView }),
        },
        {
          path: 'notes',
          lazy: async () => ({ Component: (await import('./customer-notes-view')).CustomerNotesView }),
        },
        {
          path: 'co-borrowers',
          lazy: async () => ({
            Component: (await import('./customer-co-borrowers-view')).CustomerCoBorrowersView,
          }),
        },
        {
          path: 'payment-methods',
          lazy: async () => ({
            Component: (await import('./customer-payment-methods-view')).CustomerPaymentMethodsView,
          }),
        },
        {
          path: 'messages',
          lazy: async () => ({ Component: (await import('./customer-messages-view')).CustomerMessagesView }),
        },
        {
          path: 'detail',
          lazy: async () => ({ Component: (await import('./customer-edit')).CustomerEditPage }),
        },
      ],
    },
  ];
}
