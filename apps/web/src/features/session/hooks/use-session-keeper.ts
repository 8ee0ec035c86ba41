// Keeps a signed-in session honest (docs/product.md §4): the 15 s heartbeat refreshes the access token when under 180 s
// remain; activity is recorded at most once per 60 s into localStorage (shared by all tabs); the idle warning
// shows at 840 s and the session ends at 900 s. Only Date.now(), setInterval and setTimeout are used, so
// Playwright's page.clock drives all of it.
import { sessionTimings } from '@paylane/shared/session';
import { useCallback, useEffect, useState } from 'react';
import { accessExpiresAt } from '../../../lib/jwt';
import { logout, refreshAccessToken, touchActivity } from '../../../lib/session';
import {
  readAccessToken,
  readIsInactive,
  readLastActivity,
  storageKeys,
  writeIsInactive,
  writeLastActivity,
} from '../../../lib/session-storage';
import {
  decideActivity,
  getIdleState,
  shouldRefreshAccess,
  type IdleState,
} from '../../../lib/session-timing';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'click'] as const;
const TICK_MS = 1000;

export type SessionKeeper = {
  /** Seconds left before the forced logout while the warning shows, else null. */
  warningSecondsLeft: number | null;
  /** "I'm Still Here" or closing the modal: clears the inactive flag, resets activity, refreshes. */
  continueSession: () => void;
};

function currentIdleState(): IdleState {
  const now = Date.now();
  return getIdleState(now, readLastActivity() ?? now);
}

export function useSessionKeeper(): SessionKeeper {
  const [warningSecondsLeft, setWarningSecondsLeft] = useState<number | null>(() => {
    const state = currentIdleState();
    return state.phase === 'warning' ? state.secondsLeft : null;
  });

  const tick = useCallback(() => {
    const state = currentIdleState();
    if (state.phase === 'expired') {
      setWarningSecondsLeft(null);
      void logout('idle');
      return;
    }
    if (state.phase === 'warning') {
      if (!readIsInactive()) writeIsInactive(true);
      setWarningSecondsLeft(state.secondsLeft);
      return;
    }
    // Active again (this or another tab continued): a stale flag would swallow activity.
    if (readIsInactive()) writeIsInactive(false);
    setWarningSecondsLeft(null);
  }, []);

  useEffect(() => {
    const onActivity = () => {
      const now = Date.now();
      const decision = decideActivity({
        now,
        lastActivity: readLastActivity(),
        isInactive: readIsInactive(),
      });
      if (decision === 'record') writeLastActivity(now);
      if (decision === 'expired') tick();
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      tick(); // timers may have slept while the tab was hidden: judge the idle time before counting this
      onActivity();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKeys.lastActivity || event.key === storageKeys.inactive)
        tick();
    };
    const heartbeat = () => {
      if (shouldRefreshAccess(Date.now(), accessExpiresAt(readAccessToken())))
        void refreshAccessToken().catch(() => {});
    };

    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    const tickTimer = window.setInterval(tick, TICK_MS);
    const heartbeatTimer = window.setInterval(heartbeat, sessionTimings.heartbeatSeconds * 1000);
    const firstTick = window.setTimeout(tick, 0);
    heartbeat();
    return () => {
      window.clearTimeout(firstTick);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(tickTimer);
      window.clearInterval(heartbeatTimer);
    };
  }, [tick]);

  const continueSession = useCallback(() => {
    writeIsInactive(false);
    touchActivity();
    setWarningSecondsLeft(null);
    void refreshAccessToken({ force: true }).catch(() => {});
  }, []);

  return { warningSecondsLeft, continueSession };
}
