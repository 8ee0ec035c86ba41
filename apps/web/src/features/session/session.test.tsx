import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { storageKeys } from '../../lib/session-storage';
import { stubFetch } from '../../test/fetch-stub';
import { makeTokenPair, signedInApi, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const lastActivity = () => Number(window.localStorage.getItem(storageKeys.lastActivity));
// The idle countdown is the subject: a stopped clock (Date only; timers and waits stay real) makes the idle
// time exactly what the test stored, however long the first render takes on a busy machine.
const stopTheClock = () => vi.useFakeTimers({ toFake: ['Date'] });

async function openHome(options: { idleSeconds?: number; handlers?: Record<string, unknown> } = {}) {
  storeSession({ lastActivity: Date.now() - (options.idleSeconds ?? 0) * 1000 });
  const api = stubFetch({ ...signedInApi(), ...(options.handlers as object) });
  const rendered = renderApp('/');
  await screen.findByRole('heading', { name: 'Overview' });
  return { ...rendered, api };
}

describe('session keeper', () => {
  it("warns at 840 s idle with a countdown, and I'm Still Here continues the session", async () => {
    stopTheClock();
    const { api, user } = await openHome({ idleSeconds: 845 });
    const dialog = await screen.findByRole('dialog', { name: 'Are You Still There?' });
    expect(dialog).toHaveTextContent('logged out in 55 seconds');
    expect(window.localStorage.getItem(storageKeys.inactive)).toBe('true');
    const refreshesBefore = api.callsTo('POST /api/token/refresh/').length;

    await user.click(screen.getByRole('button', { name: "I'm Still Here" }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Are You Still There?' })).not.toBeInTheDocument(),
    );
    expect(window.localStorage.getItem(storageKeys.inactive)).toBeNull();
    expect(lastActivity()).toBe(Date.now());
    await waitFor(() => expect(api.callsTo('POST /api/token/refresh/').length).toBe(refreshesBefore + 1));
  });

  it('continues the session when the warning is closed', async () => {
    stopTheClock();
    const { user } = await openHome({ idleSeconds: 850 });
    await screen.findByRole('dialog', { name: 'Are You Still There?' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastActivity()).toBe(Date.now());
  });

  it('logs out when the countdown reaches zero (900 s)', async () => {
    const { api, location } = await openHome({ idleSeconds: 899 });
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(api.callsTo('POST /api/token/blacklist/')).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBeNull();
  });

  it('records activity at most once per 60 s', async () => {
    await openHome({ idleSeconds: 30 });
    const before = lastActivity();
    fireEvent.mouseMove(window);
    expect(lastActivity()).toBe(before);
    window.localStorage.setItem(storageKeys.lastActivity, String(Date.now() - 61_000));
    fireEvent.keyDown(window, { key: 'a' });
    expect(Date.now() - lastActivity()).toBeLessThan(1_000);
  });

  it('refreshes on the heartbeat when under 180 s remain on the access token', async () => {
    const { api } = await openHome({
      handlers: { 'POST /api/token/refresh/': () => ({ body: makeTokenPair({ expiresInSeconds: 120 }) }) },
    });
    // Start-up refreshed once; the keeper's first heartbeat sees 120 s left and refreshes again.
    await waitFor(() => expect(api.callsTo('POST /api/token/refresh/').length).toBeGreaterThanOrEqual(2));
    const [first, second] = api.callsTo('POST /api/token/refresh/');
    expect(second?.body).not.toEqual(first?.body); // rotation: the new refresh token is used
  });

  it('logs out on any 401 from an authenticated call', async () => {
    const { api, location } = await openHome();
    api.calls.length = 0;
    stubFetch({
      ...signedInApi(),
      'GET /api/profile/': { status: 401, body: { detail: 'Token is invalid or expired' } },
    });
    await act(async () => {
      await apiRequest('/api/profile/').catch(() => {});
    });
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('follows a logout made in another tab', async () => {
    const { api, location } = await openHome();
    act(() => {
      window.localStorage.removeItem(storageKeys.refreshToken);
      window.localStorage.removeItem(storageKeys.accessToken);
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: storageKeys.refreshToken,
          newValue: null,
          storageArea: window.localStorage,
        }),
      );
    });
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(api.callsTo('POST /api/token/blacklist/')).toHaveLength(0);
  });
});
