import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { PaylaneApp } from './create-app';
import { cssVariablesResolver, theme } from './theme';

/** Mantine (with toasts), TanStack Query, and the data router. `env="test"` turns off transitions. */
export function AppProviders({ app, env = 'default' }: { app: PaylaneApp; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={app.queryClient}>
        <RouterProvider router={app.router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
