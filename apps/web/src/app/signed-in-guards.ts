// The signed-in half of the route guards (route-guards.ts): profile, merchant and role checks. It loads with the
// first signed-in page, so its queries and their contracts (zod, the phone library) stay off /login.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type Params } from 'react-router';
import { ensureCurrentMerchant, findCurrentMerchantId } from '../features/merchants/current-merchant';
import { merchantQueryOptions } from '../features/merchants/api/get-merchant';
import { profileQueryOptions } from '../features/profile/api/get-profile';
import { canInMerchant, hasAnyRole, isSuperAdminUser } from '../features/profile/access';
import { isApiError } from '../lib/api-error';
import { findAccessClaims } from '../lib/session';
import type { PageRequirement } from './route-guards';

/**
 * For an authenticated session: a user with zero roles goes to /unauthorized; otherwise the profile and the
 * current merchant are loaded (docs/product.md §4 start-up).
 */
export async function loadSignedInUser(queryClient: QueryClient, url: URL) {
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
}

/** For an authenticated session: a user who may not use the page goes Home (docs/product.md §6). */
export async function checkPageRequirement(
  queryClient: QueryClient,
  requirement: PageRequirement,
  params: Params,
) {
  const profile = await queryClient.ensureQueryData(profileQueryOptions());
  const isSuperAdmin = isSuperAdminUser(profile, findAccessClaims());
  if (requirement === 'superAdmin') return isSuperAdmin ? null : redirect('/');
  if (requirement === 'superAdminOrPartner') return isSuperAdmin || profile.is_partner ? null : redirect('/');
  const merchantId = params.merchantID ?? findCurrentMerchantId();
  if (!merchantId) return redirect('/');
  try {
    const merchant = await queryClient.ensureQueryData(merchantQueryOptions(merchantId));
    return canInMerchant({ profile, isSuperAdmin, merchantId, merchant }, requirement) ? null : redirect('/');
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return redirect('/');
    throw error;
  }
}
