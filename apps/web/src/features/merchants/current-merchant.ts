// The merchant the user works in. Its id persists in localStorage (shared by tabs, cleared on logout).
import type { Profile } from '@paylane/shared/contracts/profile';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-error';
import { readMerchantId, storageKeys, writeMerchantId } from '../../lib/session-storage';
import { getMerchant, merchantQueryOptions } from './api/get-merchant';
import { listSwitchableMerchants } from './api/list-switchable-merchants';

const listeners = new Set<() => void>();

export const findCurrentMerchantId = readMerchantId;

export function setCurrentMerchantId(id: string | null): void {
  writeMerchantId(id);
  for (const listener of listeners) listener();
}

export function subscribeCurrentMerchant(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.merchantId) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored merchant when the user may still use it (super admins may use any), else the home
 * organisation, else the first membership. Null when the user has none (a super admin without one).
 */
export function chooseMerchantId(input: {
  stored: string | null;
  profile: Profile;
  isSuperAdmin: boolean;
}): string | null {
  const { stored, profile, isSuperAdmin } = input;
  const memberIds = profile.memberships.map((membership) => membership.merchant.id);
  if (stored && (isSuperAdmin || memberIds.includes(stored))) return stored;
  return profile.organization?.id ?? memberIds[0] ?? null;
}

/**
 * docs/product.md §4 start-up, second half: settles the current merchant and loads it. A stored id the server no
 * longer lets the user see (removed, access revoked) falls back to the default choice. A super admin with
 * no organisation starts in the first merchant of the switcher's list.
 */
export async function ensureCurrentMerchant(
  queryClient: QueryClient,
  profile: Profile,
  isSuperAdmin: boolean,
): Promise<void> {
  const stored = readMerchantId();
  let id = chooseMerchantId({ stored, profile, isSuperAdmin });
  if (id === null && isSuperAdmin)
    id = (await listSwitchableMerchants({ search: '', pageSize: 1 })).results[0]?.id ?? null;
  if (id === null) return setCurrentMerchantId(null);
  try {
    queryClient.setQueryData(merchantQueryOptions(id).queryKey, await getMerchant(id));
    if (id !== stored) setCurrentMerchantId(id);
  } catch (error) {
    const isGone = isApiError(error) && (error.status === 403 || error.status === 404);
    if (!isGone || id !== stored) throw error;
    setCurrentMerchantId(null);
    await ensureCurrentMerchant(queryClient, profile, isSuperAdmin);
  }
}
