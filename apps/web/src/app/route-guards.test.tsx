import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../lib/session-storage';
import { stubFetch } from '../test/fetch-stub';
import { makeProfile, signedInApi, storeSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('route guards', () => {
  it('sends an unauthenticated user to /login with next', async () => {
    const api = stubFetch({});
    const { location } = renderApp('/missed-messages?tab=1');
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login?next=%2Fmissed-messages%3Ftab%3D1');
    expect(api.calls).toHaveLength(0);
  });

  it('refreshes a stored session on start, then loads profile and merchant', async () => {
    const stored = storeSession();
    const api = stubFetch({
      ...signedInApi(),
      'GET /api/merchants/merchant-a/customer_replies/': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
    });
    const { location } = renderApp('/customer-replies');
    expect(await screen.findByText('No customer replies yet.')).toBeInTheDocument();
    expect(location()).toBe('/customer-replies');
    expect(api.callsTo('POST /api/token/refresh/')[0]?.body).toEqual({ refresh: stored.refresh });
    expect(window.localStorage.getItem(storageKeys.refreshToken)).not.toBe(stored.refresh); // rotated
    expect(api.callsTo('GET /api/profile/')).toHaveLength(1);
    expect(api.callsTo('GET /api/merchants/merchant-a/')).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.merchantId)).toBe('merchant-a');
    // Calls after the refresh carry the new access token.
    const newAccess = window.localStorage.getItem(storageKeys.accessToken);
    expect(api.callsTo('GET /api/profile/')[0]?.headers.get('Authorization')).toBe(`Bearer ${newAccess}`);
  });

  it('sends the user to login with next when the stored refresh token is refused', async () => {
    storeSession();
    stubFetch({
      ...signedInApi(),
      'POST /api/token/refresh/': { status: 401, body: { detail: 'Token is invalid or expired' } },
    });
    const { location } = renderApp('/auto-messages');
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login?next=%2Fauto-messages');
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBeNull();
  });

  it('ends a session left idle past 900 s instead of refreshing it', async () => {
    storeSession({ lastActivity: Date.now() - 901_000 });
    const api = stubFetch(signedInApi());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/token/refresh/')).toHaveLength(0);
    expect(api.callsTo('POST /api/token/blacklist/')).toHaveLength(1);
  });

  it('sends a user with zero roles to /unauthorized', async () => {
    storeSession();
    stubFetch(
      signedInApi({
        profile: makeProfile({ roles: [], memberships: [], organization: null, is_partner: false }),
      }),
    );
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(location()).toBe('/unauthorized');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lets a super admin with no organisation in, starting in the first switchable merchant', async () => {
    storeSession({ groups: ['super'] });
    const superAdmin = makeProfile({
      roles: ['super_admin'],
      is_super_admin: true,
      memberships: [],
      organization: null,
    });
    stubFetch(signedInApi({ profile: superAdmin, groups: ['super'] }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-merchant-name')).toHaveTextContent('Acme Motors'));
  });

  it('sends a signed-in user away from /login to next', async () => {
    storeSession();
    stubFetch(signedInApi());
    const { location } = renderApp('/login?next=%2Ffailed-payments');
    expect(await screen.findByText('No failed payments yet.')).toBeInTheDocument();
    expect(location()).toBe('/failed-payments');
  });
});
