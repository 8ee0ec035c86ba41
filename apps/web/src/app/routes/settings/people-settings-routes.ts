import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Settings pages: users, roles, roles/create, roles/{roleID}, audit-log. */
export function peopleSettingsRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
