import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/session-storage';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const api = `/api/merchants/${merchantA.id}`;
const membership = (roles: string[]) =>
  makeProfile({
    roles,
    memberships: [
      {
        merchant: { id: merchantA.id, name: merchantA.name, logo: null },
        roles,
        custom_role: null,
        permissions: {},
      },
    ],
  });

const location = (id: string, name: string, status: string) => ({
  id,
  name,
  address_line1: '1200 N Main St',
  address_line2: '',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  phone: '+12145550100',
  time_zone: 'America/Chicago',
  status,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
});
const locations = [location('loc-1', 'North Lot', 'active'), location('loc-2', 'South Lot', 'pending')];
/** The badge's root carries its tone (docs/product.md §4 colours); the text sits in an inner label. */
const toneOf = (text: HTMLElement) => text.closest('[data-tone]')?.getAttribute('data-tone');
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const account = {
  id: 'acct-1',
  location: 'loc-1',
  location_name: 'North Lot',
  name: 'North Sandbox',
  processor: 'sandbox',
  processor_account_id: '',
  status: 'inactive',
  card_fee_bps: 295,
  card_fee: '2.95',
  ach_fee_bps: 100,
  ach_fee: '1.00',
  convenience_fee_cents: 150,
  monthly_volume_cents: 25_000_000,
  max_transaction_amount_cents: 1_000_000,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
};

function signedInAdmin(handlers: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  return stubFetch({
    ...signedInApi({ profile: membership(['admin']) }),
    [`GET ${api}/merchant_locations/`]: { body: page(locations) },
    [`GET ${api}/merchant_locations/loc-1/`]: { body: locations[0] },
    [`GET ${api}/merchant_accounts/`]: { body: page([account]) },
    ...handlers,
  });
}

describe('locations and merchant accounts', () => {
  it('lists locations 1000 at a time with status badges, and a row opens the location', async () => {
    const calls = signedInAdmin();
    const { user, location: path } = renderApp(`/merchants/${merchantA.id}/locations`);
    const north = await screen.findByRole('row', { name: /North Lot/ });
    expect(toneOf(within(north).getByText('Active'))).toBe('success');
    expect(within(north).getByText('(214) 555-0100')).toBeInTheDocument();
    const south = screen.getByRole('row', { name: /South Lot/ });
    expect(toneOf(within(south).getByText('Pending'))).toBe('warning');
    expect(calls.callsTo(`GET ${api}/merchant_locations/`)[0]?.search.get('page_size')).toBe('1000');

    await user.click(within(north).getByText('Dallas, TX 75201', { exact: false }));
    await waitFor(() => expect(path()).toBe(`/merchants/${merchantA.id}/locations/loc-1`));
    expect(await screen.findByRole('heading', { name: 'North Lot' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('(214) 555-0100');
  });

  it('starts a new location in the merchant’s own time zone, chosen with the shared zone picker', async () => {
    const calls = signedInAdmin({
      [`POST ${api}/merchant_locations/`]: { status: 201, body: locations[0] },
    });
    const { user, location: path } = renderApp(`/merchants/${merchantA.id}/locations/create`);
    // merchantA is a Central merchant (America/Chicago), not the Eastern default of a new merchant.
    const zone = await screen.findByLabelText('Time Zone', { exact: false, selector: 'input' });
    expect(zone).toHaveValue('Central — America/Chicago');
    await user.click(zone);
    await user.clear(zone);
    await user.type(zone, 'phoenix');
    expect(await screen.findByRole('option', { name: 'Mountain, no DST — America/Phoenix' })).toBeVisible();
    // Leaving the picker without choosing keeps the zone it had.
    await user.tab();
    await waitFor(() => expect(zone).toHaveValue('Central — America/Chicago'));

    const type = async (label: RegExp, value: string) =>
      user.type(screen.getByRole('textbox', { name: label }), value);
    await type(/^Name/, 'East Lot');
    await type(/^Address(?! Line)/, '1 Elm St');
    await type(/^City/, 'Dallas');
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'TX');
    await type(/^Postal Code/, '75201');
    await user.click(screen.getByRole('button', { name: 'Create Location' }));
    await waitFor(() => expect(path()).toBe(`/merchants/${merchantA.id}/locations`));
    expect(calls.callsTo(`POST ${api}/merchant_locations/`)[0]?.body).toMatchObject({
      name: 'East Lot',
      time_zone: 'America/Chicago',
    });
  });

  it('opens the current merchant’s page when the path has no merchant', async () => {
    signedInAdmin();
    window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
    const { location: path } = renderApp('/merchants/locations');
    expect(await screen.findByRole('row', { name: /North Lot/ })).toBeInTheDocument();
    expect(path()).toBe(`/merchants/${merchantA.id}/locations`);
  });

  it('sends staff home: merchant setup is for admins', async () => {
    storeSession();
    stubFetch(signedInApi({ profile: membership(['staff']) }));
    const { location: path } = renderApp(`/merchants/${merchantA.id}/locations`);
    await waitFor(() => expect(path()).toBe('/'));
  });

  it('shows a location’s accounts with fees as percents and amounts as dollars', async () => {
    const calls = signedInAdmin();
    renderApp(`/merchants/${merchantA.id}/locations/loc-1/merchant-accounts`);
    const row = await screen.findByRole('row', { name: /North Sandbox/ });
    for (const text of ['2.95%', '1.00%', '$1.50', '$250,000.00', 'Inactive']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(toneOf(within(row).getByText('Inactive'))).toBe('muted');
    expect(calls.callsTo(`GET ${api}/merchant_accounts/`)[0]?.search.get('location')).toBe('loc-1');
  });

  it('creates an account: the spec messages first, then percents and dollars as typed', async () => {
    const calls = signedInAdmin({ [`POST ${api}/merchant_accounts/`]: { status: 201, body: account } });
    const { user, location: path } = renderApp(
      `/merchants/${merchantA.id}/locations/loc-1/merchant-accounts/create`,
    );
    await screen.findByLabelText('Name', { exact: false, selector: 'input' });
    const type = async (label: string, value: string) => {
      const input = screen.getByLabelText(label, { exact: false, selector: 'input' });
      await user.clear(input);
      await user.type(input, value);
    };
    await type('Name', 'North Card');
    await type('Card Fee', '3.1');
    await type('ACH Fee', '0.8');
    await type('Convenience Fee', '-2');
    await type('Monthly Volume', '1000');
    await type('Max Transaction Amount', '1000.01');
    await user.click(screen.getByRole('button', { name: 'Create Merchant Account' }));
    expect(await screen.findByText('Convenience Fee Can Not be a Negative Value')).toBeInTheDocument();
    expect(screen.getByText('Must be less than or equal to Monthly Volume')).toBeInTheDocument();
    expect(calls.callsTo(`POST ${api}/merchant_accounts/`)).toHaveLength(0);

    await type('Convenience Fee', '2');
    await type('Max Transaction Amount', '500');
    await user.click(screen.getByRole('button', { name: 'Create Merchant Account' }));
    await waitFor(() => expect(path()).toBe(`/merchants/${merchantA.id}/locations/loc-1/merchant-accounts`));
    expect(calls.callsTo(`POST ${api}/merchant_accounts/`)[0]?.body).toMatchObject({
      location: 'loc-1',
      name: 'North Card',
      processor: 'sandbox',
      status: 'pending',
      card_fee: '3.10',
      ach_fee: '0.80',
      convenience_fee: '2.00',
      monthly_volume: '1000.00',
      max_transaction_amount: '500.00',
    });
  });
});
