import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Super admin (and partner) pages: /merchants, /merchants/create, /merchants/{id}, onboarding summary. */
export function merchantAdminRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
