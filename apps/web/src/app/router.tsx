// Routes of docs/product.md §2. Every page loads its code on demand (route `lazy`), so /login downloads only the shell
// of the app plus the login page.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { startSession } from '../lib/session';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { createRequireUserLoader } from './route-guards';
import { customerGroupsRoutes } from './routes/customer-groups/customer-groups-routes';
import { customerImportRoutes } from './routes/customer-import/customer-import-routes';
import { customersRoutes } from './routes/customers/customers-routes';
import { inboxRoutes } from './routes/inbox/inbox-routes';
import { merchantSetupRoutes } from './routes/merchant-setup/merchant-setup-routes';
import { merchantAdminRoutes } from './routes/merchants/merchants-routes';
import { miscPaymentRoutes } from './routes/misc-payment/misc-payment-routes';
import { movePaymentRoutes } from './routes/move-payment/move-payment-routes';
import { messageReportRoutes } from './routes/message-report/message-report-routes';
import { messageTemplatesRoutes } from './routes/message-templates/message-templates-routes';
import { paymentReportRoutes } from './routes/payment-report/payment-report-routes';
import { promisesRoutes } from './routes/promises/promises-routes';
import { autopayRoutes } from './routes/autopay/autopay-routes';
import { achReturnRoutes } from './routes/ach-return/ach-return-routes';
import { failedActionsRoutes } from './routes/failed-actions/failed-actions-routes';
import { settingsRoutes } from './routes/settings/settings-routes';
import { toolsRoutes } from './routes/tools/tools-routes';

export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteError,
      children: [
        // Public routes: no navigation.
        {
          path: 'login',
          lazy: async () => {
            const { LoginPage, loginLoader } = await import('./routes/auth/login');
            return { Component: LoginPage, loader: loginLoader };
          },
        },
        {
          path: 'sso',
          lazy: async () => {
            const { SsoPage, ssoLoader } = await import('./routes/auth/sso');
            return { Component: SsoPage, loader: ssoLoader };
          },
        },
        {
          path: 'forgot-password',
          lazy: async () => ({
            Component: (await import('./routes/auth/forgot-password')).ForgotPasswordPage,
          }),
        },
        {
          path: 'reset-password/:id/:token',
          lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordPage }),
        },
        {
          path: 'partner-invite/:id/:token',
          lazy: async () => ({
            Component: (await import('./routes/partners/partner-invite')).PartnerInvitePage,
          }),
        },
        {
          path: 'partner-signup/:id/:token',
          lazy: async () => ({
            Component: (await import('./routes/partners/partner-signup')).PartnerSignupPage,
          }),
        },
        {
          path: 'user-invite/:id/:token',
          lazy: async () => ({ Component: (await import('./routes/auth/accept-invite')).AcceptInvitePage }),
        },
        {
          path: 'pay/:token',
          lazy: async () => ({ Component: (await import('./routes/pay/pay-page')).PayPage }),
        },
        {
          path: 'unauthorized',
          loader: waitForSession,
          lazy: async () => ({ Component: (await import('./routes/misc/unauthorized')).UnauthorizedPage }),
        },
        {
          path: 'freshbooks/auth/:code',
          lazy: async () => ({
            Component: (await import('./routes/integrations/freshbooks-auth')).FreshbooksAuthPage,
          }),
        },
        // Signed-in routes inside the app shell.
        {
          id: 'signed-in',
          loader: createRequireUserLoader(queryClient),
          lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
          children: [
            {
              lazy: async () => ({ Component: (await import('./routes/home/home-layout')).HomeLayout }),
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/home/overview')).HomeOverviewPage,
                  }),
                },
                {
                  path: 'failed-payments',
                  lazy: async () => ({
                    Component: (await import('./routes/home/failed-payments')).FailedPaymentsPage,
                  }),
                },
                {
                  path: 'missed-messages',
                  lazy: async () => ({
                    Component: (await import('./routes/home/missed-messages')).MissedMessagesPage,
                  }),
                },
                {
                  path: 'auto-messages',
                  lazy: async () => ({
                    Component: (await import('./routes/home/auto-messages')).AutoMessagesPage,
                  }),
                },
                {
                  path: 'customer-replies',
                  lazy: async () => ({
                    Component: (await import('./routes/home/customer-replies')).CustomerRepliesPage,
                  }),
                },
              ],
            },
            ...merchantAdminRoutes(queryClient),
            ...merchantSetupRoutes(queryClient),
            ...settingsRoutes(queryClient),
            ...toolsRoutes(queryClient),
            ...movePaymentRoutes(queryClient),
            ...customersRoutes(queryClient),
            ...customerImportRoutes(queryClient),
            ...messageTemplatesRoutes(queryClient),
            ...customerGroupsRoutes(queryClient),
            ...messageReportRoutes(),
            ...paymentReportRoutes(queryClient),
            ...promisesRoutes(),
            ...autopayRoutes(),
            ...achReturnRoutes(queryClient),
            ...inboxRoutes(),
            ...miscPaymentRoutes(),
            ...failedActionsRoutes(),
          ],
        },
        {
          path: '*',
          loader: waitForSession,
          lazy: async () => ({ Component: (await import('./routes/misc/not-found')).NotFoundPage }),
        },
      ],
    },
  ];
}

/** Public pages whose buttons depend on being signed in wait for the session first. */
async function waitForSession() {
  await startSession();
  return null;
}
