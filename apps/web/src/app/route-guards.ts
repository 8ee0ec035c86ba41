// Route guards of docs/product.md §2/§6, as data-router loaders: they run before a page renders, after the session
// has started (refreshed), so a page never flashes for a user who may not see it.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ensureCurrentMerchant, findCurrentMerchantId } from '../features/merchants/current-merchant';
import { profileQueryOptions } from '../features/profile/api/get-profile';
import type { Capability } from '@paylane/shared/permissions';
import { merchantQueryOptions } from '../features/merchants/api/get-merchant';
import { canInMerchant, hasAnyRole, isSuperAdminUser } from '../features/profile/access';
import { isApiError } from '../lib/api-error';
import { loginPathFor } from '../lib/safe-next';
import { findAccessClaims, getSessionStatus, startSession } from '../lib/session';

/**
 * Signed-in pages: unauthenticated users go to /login?next=<path>; a user with zero roles goes to
 * /unauthorized; otherwise the profile and the current merchant are loaded (docs/product.md §4 start-up).
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
      // A partner holds no merchant role: their home is the list of merchants they onboarded.
      const isPartnerOnly =
        profile.is_partner && !isSuperAdminUser(profile, claims) && profile.roles.length === 0;
      if (isPartnerOnly && url.pathname === '/') return redirect('/merchants');
      await ensureCurrentMerchant(queryClient, profile, isSuperAdminUser(profile, claims));
    } catch (error) {
      // The session ended while loading (the API client is already logging out).
      if (isApiError(error) && error.status === 401) return redirect('/login');
      throw error;
    }
    return null;
  };
}

/** Who may open a guarded page: a capability of docs/product.md §6 in the page's merchant, or super admins only. */
export type PageRequirement = Capability | 'superAdmin' | 'superAdminOrPartner';

/**
 * docs/product.md §6 guards for one page: a user who may not use it goes Home. The merchant is the route's
 * :merchantID, else the current merchant. Loaders of nested routes run beside the signed-in loader, so
 * this one starts the session itself and leaves the signed-out case to that loader.
 */
export function createRequireLoader(queryClient: QueryClient, requirement: PageRequirement) {
  return async function requireLoader({ params }: LoaderFunctionArgs) {
    await startSession();
    if (getSessionStatus() !== 'authenticated') return null;
    const profile = await queryClient.ensureQueryData(profileQueryOptions());
    const isSuperAdmin = isSuperAdminUser(profile, findAccessClaims());
    if (requirement === 'superAdmin') return isSuperAdmin ? null : redirect('/');
    if (requirement === 'superAdminOrPartner')
      return isSuperAdmin || profile.is_partner ? null : redirect('/');
    const merchantId = params.merchantID ?? findCurrentMerchantId();
    if (!merchantId) return redirect('/');
    try {
      const merchant = await queryClient.ensureQueryData(merchantQueryOptions(merchantId));
      return canInMerchant({ profile, isSuperAdmin, merchantId, merchant }, requirement)
        ? null
        : redirect('/');
    } catch (error) {
      if (isApiError(error) && (error.status === 403 || error.status === 404)) return redirect('/');
      throw error;
    }
  };
}
