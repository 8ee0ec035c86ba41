// The session's localStorage keys (docs/product.md §9: tokens live in local storage). All tabs share them: one tab's
// activity, refresh or logout is seen by the others through the `storage` event.
import type { TokenPair } from '@paylane/shared/contracts/sign-in';

export const storageKeys = {
  accessToken: 'paylane.access_token',
  refreshToken: 'paylane.refresh_token',
  /** Milliseconds since the epoch of the last recorded activity (written at most once per 60 s). */
  lastActivity: 'paylane.last_activity',
  /** 'true' while the 'Are You Still There?' warning is showing. */
  inactive: 'paylane.inactive',
  /** The merchant the user works in (docs/product.md §4: cleared on logout). */
  merchantId: 'paylane.merchant_id',
} as const;

// Storage can throw (disabled storage, quota); the session then behaves as logged out rather than crashing.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing useful to do: the next read sees the old value.
  }
}

export const readAccessToken = () => read(storageKeys.accessToken);
export const readRefreshToken = () => read(storageKeys.refreshToken);

export function writeTokens(pair: TokenPair): void {
  write(storageKeys.accessToken, pair.access);
  write(storageKeys.refreshToken, pair.refresh);
}

export function readLastActivity(): number | null {
  const value = Number(read(storageKeys.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export const writeLastActivity = (at: number) => write(storageKeys.lastActivity, String(at));
export const readIsInactive = () => read(storageKeys.inactive) === 'true';
export const writeIsInactive = (isInactive: boolean) =>
  write(storageKeys.inactive, isInactive ? 'true' : null);
export const readMerchantId = () => read(storageKeys.merchantId);
export const writeMerchantId = (id: string | null) => write(storageKeys.merchantId, id);

/** Logout: tokens, activity, the inactive flag and the current merchant all go. */
export function clearSessionStorage(): void {
  for (const key of Object.values(storageKeys)) write(key, null);
}
