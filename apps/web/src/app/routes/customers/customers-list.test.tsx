import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import { storageKeys } from '../../../lib/session-storage';
import {
  customerLookupHandlers,
  customersApi,
  integratedMerchant,
  LOCATION_SOUTH,
  makeListItem,
  memberProfile,
  page,
  TAG_FLEET,
} from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const listPath = `/merchants/${merchantA.id}/customers`;
const ada = makeListItem();
const grace = makeListItem({
  id: 'cust-2',
  first_name: 'Grace',
  last_name: 'Hopper',
  external_id: null,
  email: null,
  sms_phone_number: '+14695550188',
  sms_opted_out: true,
  accounts: [
    { id: 'acct-2', external_id: 'A-2', status: 'pending', amount_due_cents: -4_000, due_date: null },
    { id: 'acct-3', external_id: 'A-3', status: 'closed', amount_due_cents: 0, due_date: null },
  ],
});

function openList(
  path = listPath,
  options: { profile?: Profile; merchants?: Merchant[]; count?: number } = {},
) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: options.profile ?? memberProfile(['staff']), merchants: options.merchants }),
    ...customerLookupHandlers,
    [`GET ${customersApi}`]: { body: page([ada, grace], options.count) },
  });
  const view = renderApp(path);
  /** The query of the latest customer list call. */
  const lastQuery = () => {
    const calls = api.callsTo(`GET ${customersApi}`);
    return Object.fromEntries((calls.at(-1) as StubRequest).search);
  };
  return { api, lastQuery, ...view };
}

const toneOf = (text: HTMLElement) => text.closest('[data-tone]')?.getAttribute('data-tone');

describe('customer list', () => {
  it('shows customers in the formats of docs/product.md §9 with the status colours of §4, 50 a page by last name', async () => {
    const { lastQuery } = openList();
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    const adaRow = await screen.findByRole('row', { name: /Ada Lovelace/ });
    for (const text of [
      'C-1001',
      '(214) 555-0123',
      'ada@example.com',
      'North Lot',
      '$125.50',
      '12/05/2026',
    ]) {
      expect(within(adaRow).getByText(text)).toBeInTheDocument();
    }
    expect(toneOf(within(adaRow).getByText('Active'))).toBe('success');
    expect(within(adaRow).queryByText('Opted out')).toBeNull();
    const graceRow = screen.getByRole('row', { name: /Grace Hopper/ });
    expect(within(graceRow).getByText('($40.00)')).toBeInTheDocument();
    expect(toneOf(within(graceRow).getByText('Pending'))).toBe('warning');
    expect(within(graceRow).getByText('+1 more')).toBeInTheDocument();
    expect(within(graceRow).getByText('Opted out')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ ordering: 'last_name', page: '1', page_size: '50' });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    // One page: no footer.
    expect(screen.queryByRole('navigation', { name: 'Paging' })).toBeNull();
  });

  it('searches on Enter with the chosen field, trimmed, keeps it in the address, and clears it', async () => {
    const { api, user, lastQuery, location } = openList();
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'Phone Number');
    const box = screen.getByRole('textbox', { name: 'Search customers' });
    await user.type(box, '  214 555 ');
    expect(lastQuery().search).toBeUndefined();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: '214 555', field: 'phone', page: '1' }));
    expect(location()).toBe(`${listPath}?field=phone&search=214+555`);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe(`${listPath}?field=phone`));
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toHaveValue('');
    // That list was read before the search (when the field was chosen), so it comes from the cache.
    expect(api.callsTo(`GET ${customersApi}`).map((call) => call.search.get('search'))).toEqual([
      null,
      null,
      '214 555',
    ]);
  });

  it('filters by location, account status, tag and opt-out, and Reset Filters clears them', async () => {
    const { user, lastQuery, location } = openList();
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'South Lot');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account Status' }), 'Inactive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Opted Out' }), 'Not opted out');
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: 'Fleet' }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        location: LOCATION_SOUTH,
        account_status: 'inactive',
        opted_out: 'false',
        tag: TAG_FLEET,
      }),
    );
    expect(location()).toContain(`tag=${TAG_FLEET}`);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(location()).toBe(listPath));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue(''));
  });

  it('sorts on the server by Customer ID and Created, and a reload restores search, sort and page', async () => {
    const { user, lastQuery, location } = openList(listPath, { count: 120 });
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    const idHeader = screen.getByRole('columnheader', { name: /Customer ID/ });
    await user.click(within(idHeader).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('external_id'));
    await user.click(within(idHeader).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('-external_id'));
    expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    // Newest first is the useful first order for Created.
    await user.click(within(screen.getByRole('columnheader', { name: /Created/ })).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('-created'));

    const footer = screen.getByRole('navigation', { name: 'Paging' });
    await user.click(within(footer).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', ordering: '-created' }));
    expect(location()).toBe(`${listPath}?ordering=-created&page=2`);
  });

  it('opens with the state in the address, as after a reload or Back', async () => {
    const { lastQuery } = openList(
      `${listPath}?search=Ada&field=name&ordering=-external_id&page=3&page_size=75`,
    );
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(lastQuery()).toEqual({
      search: 'Ada',
      field: 'name',
      ordering: '-external_id',
      page: '3',
      page_size: '75',
    });
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toHaveValue('Ada');
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveValue('name');
  });

  it('opens a customer from the row, and the name is a link to the same page', async () => {
    const { user, location } = openList();
    const row = await screen.findByRole('row', { name: /Grace Hopper/ });
    expect(within(row).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `${listPath}/cust-2`,
    );
    await user.click(within(row).getByText('(469) 555-0188'));
    await waitFor(() => expect(location()).toBe(`${listPath}/cust-2`));
  });

  it('opens the current merchant’s list when the path has no merchant', async () => {
    window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
    const { location } = openList('/merchants/customers');
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(location()).toBe(listPath);
  });

  it('shows Create Customer and Import Customers to staff, with their addresses', async () => {
    openList();
    const create = await screen.findByRole('link', { name: 'Create Customer' });
    expect(create).toHaveAttribute('href', '/customers/create');
    expect(screen.getByRole('link', { name: 'Import Customers' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/import`,
    );
  });

  it('hides Create Customer for an integrated merchant but keeps Import Customers', async () => {
    window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
    openList(listPath, { merchants: [integratedMerchant] });
    expect(await screen.findByRole('link', { name: 'Import Customers' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Customer' })).toBeNull();
  });

  it('hides both buttons from a custom role without is_customer_update_allowed', async () => {
    const merchant = { ...merchantA, check_custom_roles: true };
    openList(listPath, {
      merchants: [merchant],
      profile: memberProfile(['Collector', 'staff'], { is_customer_update_allowed: false }),
    });
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(screen.queryByRole('link', { name: 'Create Customer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import Customers' })).toBeNull();
  });
});
