// The session of docs/product.md §3/§4: tokens in localStorage, refresh with rotation, logout, and the shared
// "last activity" that the idle watcher (features/session) reads. The timing rules live in session-timing.ts.
import { tokenPairSchema, type AccessClaims, type TokenPair } from '@paylane/shared/contracts/sign-in';
import { apiRequest, configureApiClient } from './api-client';
import { isApiError } from './api-error';
import { accessExpiresAt, readAccessClaims } from './jwt';
import { getIdleState, shouldLogoutAfterRefreshFailure, shouldRefreshAccess } from './session-timing';
import {
  clearSessionStorage,
  readAccessToken,
  readLastActivity,
  readMerchantId,
  readRefreshToken,
  storageKeys,
  writeIsInactive,
  writeLastActivity,
  writeMerchantId,
  writeTokens,
} from './session-storage';

export type SessionStatus = 'starting' | 'authenticated' | 'anonymous';
export type LogoutReason = 'user' | 'idle' | 'unauthorized' | 'refresh-failed' | 'other-tab';

export type SessionHooks = {
  /** Opens a page (the data router's navigate). */
  navigate: (to: string) => Promise<void> | void;
  /** Forgets every cached server answer (another user may sign in next). */
  resetState: () => void;
};

let status: SessionStatus = 'starting';
let startup: Promise<void> | null = null;
let refreshing: Promise<void> | null = null;
let isLoggingOut = false;
let hooks: SessionHooks = { navigate: () => {}, resetState: () => {} };
const listeners = new Set<() => void>();

function setStatus(next: SessionStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of listeners) listener();
}

export const getSessionStatus = (): SessionStatus => status;
export const findAccessClaims = (): AccessClaims | null => readAccessClaims(readAccessToken());

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Wires the session to the router and the query cache and to the API client, and forgets any earlier
 * in-memory state. Called once when the app is created (tests create a fresh app per test).
 */
export function installSession(next: SessionHooks): () => void {
  hooks = next;
  status = 'starting';
  startup = null;
  refreshing = null;
  isLoggingOut = false;
  configureApiClient({
    getAccessToken: readAccessToken,
    beforeAuthenticatedRequest: refreshIfExpired,
    onUnauthorized: () => void logout('unauthorized'),
  });
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    // A logout still running for a disposed app must not reset the next app's state.
    if (hooks === next) hooks = { navigate: () => {}, resetState: () => {} };
  };
}

/**
 * docs/product.md §4: on start, if a refresh token is stored, the access token is refreshed (profile and merchant are
 * loaded by the route guard next). A session idle past 900 s (the browser was closed) ends instead.
 */
export function startSession(): Promise<void> {
  startup ??= (async () => {
    if (!readRefreshToken()) return setStatus('anonymous');
    const lastActivity = readLastActivity();
    if (lastActivity !== null && getIdleState(Date.now(), lastActivity).phase === 'expired') {
      await logout('idle', { navigate: false });
      return;
    }
    if (lastActivity === null) writeLastActivity(Date.now());
    await refreshAccessToken({ force: true }).catch(() => {});
    setStatus(readRefreshToken() ? 'authenticated' : 'anonymous');
  })();
  return startup;
}

/** After login, SSO or partner signup. A different user than before starts without the old merchant. */
export function signIn(pair: TokenPair): void {
  const previousUser = findAccessClaims()?.user_id;
  const nextUser = readAccessClaims(pair.access)?.user_id;
  if (previousUser !== nextUser && readMerchantId() !== null) writeMerchantId(null);
  writeTokens(pair);
  writeIsInactive(false);
  writeLastActivity(Date.now());
  hooks.resetState();
  startup ??= Promise.resolve();
  setStatus('authenticated');
}

/**
 * Refreshes the access token (rotation: the answer's refresh token replaces the spent one). One refresh at a
 * time per tab, and across tabs through the Web Locks API where the browser has it: a tab that waited while
 * another rotated the token finds a new refresh token stored and uses it instead of spending the old one.
 */
export function refreshAccessToken(options: { force?: boolean } = {}): Promise<void> {
  const seenRefreshToken = readRefreshToken();
  refreshing ??= withRefreshLock(() => rotateTokens(seenRefreshToken, options.force ?? false)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function rotateTokens(seenRefreshToken: string | null, force: boolean): Promise<void> {
  const refresh = readRefreshToken();
  if (!refresh) return;
  if (refresh !== seenRefreshToken) return; // another tab rotated it while this one waited
  if (!force && !shouldRefreshAccess(Date.now(), accessExpiresAt(readAccessToken()))) return;
  try {
    const pair = await apiRequest('/api/token/refresh/', {
      method: 'POST',
      body: { refresh },
      schema: tokenPairSchema,
      authenticated: false,
    });
    if (readRefreshToken() === refresh) writeTokens(pair);
  } catch (error) {
    if (readRefreshToken() !== refresh) return; // logged out or rotated elsewhere meanwhile
    const failure = {
      status: isApiError(error) ? error.status : 0,
      accessExpiresAt: accessExpiresAt(readAccessToken()),
      now: Date.now(),
    };
    // During startup the route guard sends the user to Login with `next`, so no navigation here.
    if (shouldLogoutAfterRefreshFailure(failure))
      await logout('refresh-failed', { navigate: status !== 'starting' });
    throw error;
  }
}

async function withRefreshLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) await locks.request('paylane.token-refresh', task);
  else await task();
}

/** Before an API call: an access token that already expired (the laptop slept) is refreshed first. */
async function refreshIfExpired(): Promise<void> {
  if (!readRefreshToken()) return;
  const expiresAt = accessExpiresAt(readAccessToken());
  if (expiresAt !== null && expiresAt > Date.now() + 5_000) return;
  await refreshAccessToken({ force: true }).catch(() => {});
}

/**
 * docs/product.md §4 logout: blacklist the refresh token, clear tokens and the current merchant, reset state, go to
 * Login. Safe to call repeatedly (several 401s at once): only the first one acts.
 */
export async function logout(reason: LogoutReason, options: { navigate?: boolean } = {}): Promise<void> {
  if (isLoggingOut) return;
  if (status === 'anonymous' && !readRefreshToken()) return; // already logged out
  isLoggingOut = true;
  // The hooks of the app that started this logout: another app may be installed before it ends (tests).
  const { navigate, resetState } = hooks;
  try {
    const refresh = readRefreshToken();
    if (refresh && reason !== 'other-tab') {
      void apiRequest('/api/token/blacklist/', {
        method: 'POST',
        body: { refresh_token: refresh },
        authenticated: false,
        keepalive: true,
      }).catch(() => {});
    }
    clearSessionStorage();
    setStatus('anonymous');
    if (options.navigate !== false) await navigate('/login');
    resetState();
  } finally {
    isLoggingOut = false;
  }
}

/** Records activity now (login, or "I'm Still Here"); the idle watcher applies the 60 s throttle. */
export function touchActivity(): void {
  writeLastActivity(Date.now());
}

/** Another tab logged out (the refresh token vanished) or logged in. */
function onStorage(event: StorageEvent): void {
  if (event.storageArea !== window.localStorage) return;
  if (event.key !== null && event.key !== storageKeys.refreshToken) return;
  const hasToken = readRefreshToken() !== null;
  if (!hasToken && status === 'authenticated') void logout('other-tab');
  if (hasToken && status === 'anonymous') setStatus('authenticated');
}
