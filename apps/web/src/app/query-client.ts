import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';
import { isShownOnForm } from '../lib/form-errors';
import { reportUnhandledError } from '../lib/notify';

type ErrorMeta = {
  /** The page shows 4xx answers itself (form fields, an inline alert); only other failures get the toast. */
  showsClientErrors?: boolean;
};

declare module '@tanstack/react-query' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

function report(error: unknown, meta: ErrorMeta | undefined): void {
  if (meta?.showsClientErrors && isShownOnForm(error)) return;
  reportUnhandledError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change on retry; a network blip or 5xx gets one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
