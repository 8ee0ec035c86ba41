import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Settings pages: general, tags, integrations, passtime, ituran, api-keys. */
export function merchantSettingsRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
