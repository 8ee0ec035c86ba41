import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/session-storage';
import { stubFetch } from '../../test/fetch-stub';
import { makeProfile, merchantA, merchantB, signedInApi, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { pathForMerchant } from './app-layout';

const membership = (merchant: typeof merchantA, roles: string[]) => ({
  merchant: { id: merchant.id, name: merchant.name, logo: null },
  roles,
  custom_role: null,
  permissions: {},
});

async function openShell(options: Parameters<typeof signedInApi>[0] & { path?: string } = {}) {
  storeSession({ groups: options.groups });
  const api = stubFetch(signedInApi(options));
  const rendered = renderApp(options.path ?? '/');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return { ...rendered, api, nav };
}

describe('app shell', () => {
  it('shows staff the merchant, their name and role, and staff navigation', async () => {
    const { nav } = await openShell();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      '/merchants/merchant-a/customers/',
    );
    expect(within(nav).getByRole('link', { name: 'Message Report' })).toHaveAttribute(
      'href',
      '/message-report',
    );
    // Each link leads with its icon, hidden from screen readers (the label names the link).
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.querySelector('svg[aria-hidden="true"]'), link.textContent ?? '').not.toBeNull();
    }
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Merchants' })).not.toBeInTheDocument();
    expect(screen.getByTestId('current-merchant-name')).toHaveTextContent('Acme Motors');
    expect(screen.getByRole('button', { name: /Jane Doe/ })).toHaveTextContent('Staff');
    expect(screen.queryByRole('combobox', { name: 'Switch merchant' })).not.toBeInTheDocument();
  });

  it('shows admins Settings', async () => {
    const profile = makeProfile({ roles: ['admin'], memberships: [membership(merchantA, ['admin'])] });
    const { nav } = await openShell({ profile });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/merchants/merchant-a/settings/general',
    );
    expect(screen.getByRole('button', { name: /Jane Doe/ })).toHaveTextContent('Admin');
  });

  it('shows super admins Merchants and the switcher, which searches with trimmed text and persists the choice', async () => {
    const profile = makeProfile({
      roles: ['super_admin'],
      is_super_admin: true,
      memberships: [],
      organization: null,
    });
    window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
    const { nav, api, user } = await openShell({ profile, groups: ['super'] });
    expect(within(nav).getByRole('link', { name: 'Merchants' })).toHaveAttribute('href', '/merchants');
    expect(screen.getByRole('button', { name: /Jane Doe/ })).toHaveTextContent('Super Admin');

    const switcher = screen.getByRole('combobox', { name: 'Switch merchant' });
    await user.clear(switcher);
    await user.type(switcher, '  Bolt ');
    await waitFor(() =>
      expect(
        api
          .callsTo('GET /api/merchants/simplified_list/')
          .some((call) => call.search.get('search') === 'Bolt'),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Bolt Auto' }));
    await waitFor(() => expect(screen.getByTestId('current-merchant-name')).toHaveTextContent('Bolt Auto'));
    expect(window.localStorage.getItem(storageKeys.merchantId)).toBe(merchantB.id);
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      '/merchants/merchant-b/customers/',
    );
  });

  it('shows the switcher to users with more than one membership', async () => {
    const profile = makeProfile({
      memberships: [membership(merchantA, ['staff']), membership(merchantB, ['admin'])],
    });
    await openShell({ profile });
    expect(screen.getByRole('combobox', { name: 'Switch merchant' })).toBeInTheDocument();
  });

  it('logs out from the user menu: blacklist, storage cleared, Login', async () => {
    const { api, user, location } = await openShell();
    const refresh = window.localStorage.getItem(storageKeys.refreshToken);
    await user.click(screen.getByRole('button', { name: /Jane Doe/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(api.callsTo('POST /api/token/blacklist/')[0]?.body).toEqual({ refresh_token: refresh });
    for (const key of Object.values(storageKeys)) expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('shows the home views with honest empty states', async () => {
    const { user } = await openShell();
    stubFetch({
      ...signedInApi(),
      'GET /api/merchants/merchant-a/missed_messages/': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
    });
    const homeViews = screen.getByRole('navigation', { name: 'Home views' });
    await user.click(within(homeViews).getByRole('link', { name: 'Missed Messages' }));
    expect(await screen.findByText('No missed messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Missed Messages' })).toBeInTheDocument();
  });
});

describe('pathForMerchant', () => {
  it('moves merchant-scoped paths to the new merchant and leaves others alone', () => {
    expect(pathForMerchant('/merchants/a/customers/', 'a', 'b')).toBe('/merchants/b/customers/');
    expect(pathForMerchant('/merchants/a', 'a', 'b')).toBe('/merchants/b');
    expect(pathForMerchant('/merchants/ab/inbox', 'a', 'b')).toBe('/merchants/ab/inbox');
    expect(pathForMerchant('/failed-payments', 'a', 'b')).toBe('/failed-payments');
  });
});
