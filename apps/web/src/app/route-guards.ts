// Route guards of docs/product.md §2/§6, as data-router loaders: they run before a page renders, after the session
// has started (refreshed), so a page never flashes for a user who may not see it. The signed-out answer is
// decided here, in the shell; the checks of a signed-in user load on demand (signed-in-guards.ts), so /login
// does not download them (docs/conventions.md §7).
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Capability } from '@paylane/shared/permissions';
import { loginPathFor } from '../lib/safe-next';
import { getSessionStatus, startSession } from '../lib/session';

const loadSignedInGuards = () => import('./signed-in-guards');

/**
 * Signed-in pages: unauthenticated users go to /login?next=<path>; a user with zero roles goes to
 * /unauthorized; otherwise the profile and the current merchant are loaded (docs/product.md §4 start-up).
 */
export function createRequireUserLoader(queryClient: QueryClient) {
  return async function requireUserLoader({ request }: LoaderFunctionArgs) {
    await startSession();
    const url = new URL(request.url);
    if (getSessionStatus() !== 'authenticated') throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    return (await loadSignedInGuards()).loadSignedInUser(queryClient, url);
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
    return (await loadSignedInGuards()).checkPageRequirement(queryClient, requirement, params);
  };
}
