// The timing decisions of the session (docs/product.md §4, §9), kept pure so they are tested without clocks or storage.
// Every input is a millisecond timestamp from Date.now(), so Playwright's page.clock controls them in e2e.
import { sessionTimings } from '@paylane/shared/session';

const SECOND = 1000;
const warningAfterMs = sessionTimings.idleWarningSeconds * SECOND;
const logoutAfterMs = sessionTimings.idleLogoutSeconds * SECOND;
const throttleMs = sessionTimings.activityThrottleSeconds * SECOND;
const refreshUnderMs = sessionTimings.refreshWhenUnderSeconds * SECOND;

export type IdleState =
  | { phase: 'active' }
  /** The 'Are You Still There?' modal shows; secondsLeft counts down from 60 to the forced logout. */
  | { phase: 'warning'; secondsLeft: number }
  | { phase: 'expired' };

/** Where the session stands after `now - lastActivity` of inactivity: warning at 840 s, logout at 900 s. */
export function getIdleState(now: number, lastActivity: number): IdleState {
  const idleMs = Math.max(0, now - lastActivity);
  if (idleMs >= logoutAfterMs) return { phase: 'expired' };
  if (idleMs >= warningAfterMs) {
    const secondsLeft = Math.min(
      sessionTimings.idleCountdownSeconds,
      Math.ceil((logoutAfterMs - idleMs) / SECOND),
    );
    return { phase: 'warning', secondsLeft };
  }
  return { phase: 'active' };
}

export type ActivityDecision = 'record' | 'ignore' | 'expired';

/**
 * What a mouse, key, scroll or click event (or the tab becoming visible) does. Activity is written at most once
 * per 60 s. Once the warning is due, only the modal's explicit answer continues the session, so a stray mouse
 * move cannot dismiss it; and if the timers were asleep past 900 s, the event ends the session instead.
 */
export function decideActivity(input: {
  now: number;
  lastActivity: number | null;
  isInactive: boolean;
}): ActivityDecision {
  const { now, lastActivity, isInactive } = input;
  if (lastActivity === null) return 'record';
  const state = getIdleState(now, lastActivity);
  if (state.phase === 'expired') return 'expired';
  if (isInactive || state.phase === 'warning') return 'ignore';
  return now - lastActivity >= throttleMs ? 'record' : 'ignore';
}

/** The access token is refreshed when under 180 s of it remain (or its expiry is unknown). */
export function shouldRefreshAccess(now: number, accessExpiresAt: number | null): boolean {
  if (accessExpiresAt === null) return true;
  return accessExpiresAt - now < refreshUnderMs;
}

export type RefreshFailure = { status: number; accessExpiresAt: number | null; now: number };

/**
 * A refresh the server refused (4xx) ends the session. A network failure or server error (status 0 or 5xx)
 * keeps it while the current access token still works, so a blip does not throw the user out; the next
 * heartbeat tries again.
 */
export function shouldLogoutAfterRefreshFailure({ status, accessExpiresAt, now }: RefreshFailure): boolean {
  const isRefusal = status >= 400 && status < 500;
  if (isRefusal) return true;
  return accessExpiresAt === null || accessExpiresAt <= now;
}
