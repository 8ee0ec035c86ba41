import { describe, expect, it } from 'vitest';
import {
  decideActivity,
  getIdleState,
  shouldLogoutAfterRefreshFailure,
  shouldRefreshAccess,
} from './session-timing';

const T0 = 1_700_000_000_000;
const seconds = (n: number) => T0 + n * 1000;

describe('getIdleState', () => {
  it('is active before 840 s of inactivity', () => {
    expect(getIdleState(seconds(0), T0)).toEqual({ phase: 'active' });
    expect(getIdleState(seconds(839.999), T0)).toEqual({ phase: 'active' });
  });

  it('warns at 840 s with a countdown from 60', () => {
    expect(getIdleState(seconds(840), T0)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(getIdleState(seconds(840.5), T0)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(getIdleState(seconds(841), T0)).toEqual({ phase: 'warning', secondsLeft: 59 });
    expect(getIdleState(seconds(899.5), T0)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires (logout) at 900 s', () => {
    expect(getIdleState(seconds(900), T0)).toEqual({ phase: 'expired' });
    expect(getIdleState(seconds(5000), T0)).toEqual({ phase: 'expired' });
  });

  it('treats a last activity in the future (clock skew between tabs) as just now', () => {
    expect(getIdleState(T0, seconds(30))).toEqual({ phase: 'active' });
  });
});

describe('decideActivity (60 s throttle)', () => {
  it('records the first activity and then at most once per 60 s', () => {
    expect(decideActivity({ now: T0, lastActivity: null, isInactive: false })).toBe('record');
    expect(decideActivity({ now: seconds(59.999), lastActivity: T0, isInactive: false })).toBe('ignore');
    expect(decideActivity({ now: seconds(60), lastActivity: T0, isInactive: false })).toBe('record');
  });

  it('is ignored while the warning is due or showing: only the modal continues the session', () => {
    expect(decideActivity({ now: seconds(120), lastActivity: T0, isInactive: true })).toBe('ignore');
    expect(decideActivity({ now: seconds(845), lastActivity: T0, isInactive: false })).toBe('ignore');
  });

  it('ends the session when the timers slept past 900 s', () => {
    expect(decideActivity({ now: seconds(900), lastActivity: T0, isInactive: false })).toBe('expired');
  });
});

describe('shouldRefreshAccess', () => {
  it('refreshes when under 180 s remain', () => {
    expect(shouldRefreshAccess(T0, seconds(181))).toBe(false);
    expect(shouldRefreshAccess(T0, seconds(180))).toBe(false);
    expect(shouldRefreshAccess(T0, seconds(179.999))).toBe(true);
    expect(shouldRefreshAccess(T0, seconds(-10))).toBe(true);
  });

  it('refreshes when the expiry cannot be read', () => {
    expect(shouldRefreshAccess(T0, null)).toBe(true);
  });
});

describe('shouldLogoutAfterRefreshFailure', () => {
  it('logs out when the server refuses the refresh token', () => {
    expect(shouldLogoutAfterRefreshFailure({ status: 401, accessExpiresAt: seconds(100), now: T0 })).toBe(
      true,
    );
    expect(shouldLogoutAfterRefreshFailure({ status: 400, accessExpiresAt: seconds(100), now: T0 })).toBe(
      true,
    );
  });

  it('keeps the session through a network failure or 5xx while the access token still works', () => {
    expect(shouldLogoutAfterRefreshFailure({ status: 0, accessExpiresAt: seconds(100), now: T0 })).toBe(
      false,
    );
    expect(shouldLogoutAfterRefreshFailure({ status: 503, accessExpiresAt: seconds(100), now: T0 })).toBe(
      false,
    );
    expect(shouldLogoutAfterRefreshFailure({ status: 0, accessExpiresAt: seconds(-1), now: T0 })).toBe(true);
    expect(shouldLogoutAfterRefreshFailure({ status: 0, accessExpiresAt: null, now: T0 })).toBe(true);
  });
});
