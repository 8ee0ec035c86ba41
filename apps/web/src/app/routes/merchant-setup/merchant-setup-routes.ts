import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/** Locations, merchant accounts and owners of a merchant (spec §2). */
export function merchantSetupRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
