// Route guards of spec §2/§6, as data-router loaders: they run before a page renders, after the session
// has started (refreshed), so a page never flashes for a user who may not see it.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ensureCurrentMerchant } from '../features/merchants/current-merchant';
import { profileQueryOptions } from '../features/profile/api/get-profile';
import { hasAnyRole, isSuperAdminUser } from '../features/profile/access';
import { isApiError } from '../lib/api-error';
import { loginPathFor } from '../lib/safe-next';
import { findAccessClaims, getSessionStatus, startSession } from '../lib/session';

/**
 * Signed-in pages: unauthenticated users go to /login?next=<path>; a user with zero roles goes to
 * /unauthorized; otherwise the profile and the current merchant are loaded (spec §4 start-up).
 */
export function createRequireUserLoader(queryClient: QueryClient) {
  return async function requireUserLoader({ request }: LoaderFunctionArgs) {
    await startSession();
    const url = new URL(request.url);
    if (getSessionStatus() !== 'authenticated') throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    try {
      const profile = await queryClient.ensureQueryData(profileQueryOptions());
      const claims = findAccessClaims();
      if (!hasAnyRole(profile, claims)) return redirect('/unauthorized');
      await ensureCurrentMerchant(queryClient, profile, isSuperAdminUser(profile, claims));
    } catch (error) {
      // The session ended while loading (the API client is already logging out).
      if (isApiError(error) && error.status === 401) return redirect('/login');
      throw error;
    }
    return null;
  };
}
