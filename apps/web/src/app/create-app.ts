import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { installSession } from '../lib/session';
import { createQueryClient } from './query-client';
import { buildRoutes } from './router';

export type PaylaneApp = {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  dispose: () => void;
};

/**
 * Builds the app's router and query cache and wires the session to them. The browser app calls it once;
 * tests call it per test with a memory history (`initialEntries`).
 */
export function createApp(options: { initialEntries?: string[] } = {}): PaylaneApp {
  const queryClient = createQueryClient();
  let navigate: (to: string) => Promise<void> = async () => {};
  const uninstallSession = installSession({
    navigate: (to) => navigate(to),
    resetState: () => queryClient.clear(),
  });
  const routes = buildRoutes(queryClient);
  const router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes);
  navigate = (to) => router.navigate(to, { replace: true });
  return {
    router,
    queryClient,
    dispose: () => {
      uninstallSession();
      router.dispose();
      queryClient.clear();
    },
  };
}
