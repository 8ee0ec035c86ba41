import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { PaylaneApp } from './create-app';
import { cssVariablesResolver, theme } from './theme';
import { Toasts } from './toasts';

/**
 * Mantine (with toasts), TanStack Query, and the data router. `env="test"` turns off transitions. The colour scheme
 * follows the system's (issue 20: dark mode), light where the system says nothing.
 */
export function AppProviders({ app, env = 'default' }: { app: PaylaneApp; env?: 'default' | 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={env}
    >
      <Toasts />
      <QueryClientProvider client={app.queryClient}>
        <RouterProvider router={app.router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
