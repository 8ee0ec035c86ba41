import type { Merchant } from '@paylane/shared/contracts/merchants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { makeProfile, merchantA, merchantB, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const superAdmin = makeProfile({
  roles: ['super_admin'],
  is_super_admin: true,
  memberships: [],
  organization: null,
});
const pending: Merchant = { ...merchantB, id: 'merchant-c', name: 'Cobalt Cars', status: 'pending' };
const all = [merchantA, merchantB, pending];

/** GET /api/merchants/ over `merchants`, filtered by the search the way the server does. */
const merchantList = (merchants: Merchant[], count?: number) => (request: StubRequest) => {
  const search = (request.search.get('search') ?? '').toLowerCase();
  const results = merchants.filter((m) => m.name.toLowerCase().includes(search));
  return { body: { count: count ?? results.length, next: null, previous: null, results } };
};

function signInAsSuperAdmin(extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ groups: ['super'] });
  return stubFetch({
    ...signedInApi({ profile: superAdmin, groups: ['super'], merchants: all }),
    'GET /api/merchants/': merchantList(all),
    ...extra,
  });
}

describe('merchants screen', () => {
  it('lists merchants with status badges and searches with trimmed text', async () => {
    const api = signInAsSuperAdmin();
    const { user, location } = renderApp('/merchants');
    const table = await screen.findByRole('table', { name: 'Merchants' });
    // The table shows skeleton rows until the first page arrives: wait for the merchants themselves.
    expect(await within(table).findByText('Pending')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Cobalt Cars' })).toHaveAttribute(
      'href',
      '/merchants/merchant-c',
    );
    expect(screen.getByRole('link', { name: 'Create Merchant' })).toHaveAttribute(
      'href',
      '/merchants/create',
    );
    // One page only: no paging footer (docs/product.md §9).
    expect(screen.queryByRole('navigation', { name: 'Paging' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search merchants' }), '  bolt ');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Bolt Auto')).toBeInTheDocument();
    const last = api.callsTo('GET /api/merchants/').at(-1);
    expect(last?.search.get('search')).toBe('bolt');
    expect(location()).toBe('/merchants?search=bolt');
  });

  it('pages when there is more than one page', async () => {
    const api = signInAsSuperAdmin({ 'GET /api/merchants/': merchantList(all, 120) });
    const { user } = renderApp('/merchants');
    const footer = await screen.findByRole('navigation', { name: 'Paging' });
    expect(within(footer).getByText('120 results')).toBeInTheDocument();
    await user.click(within(footer).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.callsTo('GET /api/merchants/').at(-1)?.search.get('page')).toBe('3'));
    expect(api.callsTo('GET /api/merchants/').at(-1)?.search.get('page_size')).toBe('50');
  });

  it('sends staff home from /merchants', async () => {
    storeSession();
    const api = stubFetch(signedInApi());
    const { location } = renderApp('/merchants');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(api.callsTo('GET /api/merchants/')).toHaveLength(0);
  });
});

describe('create merchant', () => {
  it("says 'Required', then shows the server's field message", async () => {
    const api = signInAsSuperAdmin({
      'POST /api/merchants/': { status: 400, body: { name: ['please use abreviations'] } },
    });
    const { user } = renderApp('/merchants/create');
    const submit = await screen.findByRole('button', { name: 'Create Merchant' });
    await user.click(submit);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/merchants/')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), 'A very long merchant name');
    await user.click(submit);
    expect(await screen.findByText('please use abreviations')).toBeInTheDocument();
    expect(api.callsTo('POST /api/merchants/')[0]?.body).toEqual({
      name: 'A very long merchant name',
      integration_type: null,
      is_integrated: false,
      check_custom_roles: false,
      allow_group_message: false,
      time_zone: 'America/New_York',
      status: 'pending',
    });
  });

  it('opens the new merchant after saving', async () => {
    const created: Merchant = { ...pending, id: 'merchant-new', name: 'New Wheels' };
    signInAsSuperAdmin({
      'POST /api/merchants/': { status: 201, body: created },
      'GET /api/merchants/merchant-new/': { body: created },
    });
    const { user, location } = renderApp('/merchants/create');
    await user.type(await screen.findByLabelText(/^Name/), 'New Wheels');
    await user.click(screen.getByRole('button', { name: 'Create Merchant' }));
    expect(await screen.findByRole('heading', { name: 'New Wheels' })).toBeInTheDocument();
    expect(location()).toBe('/merchants/merchant-new');
  });
});

describe('merchant detail', () => {
  it('asks before saving, saves, and reloads the merchant', async () => {
    const api = signInAsSuperAdmin({
      'PUT /api/merchants/merchant-a/': (request) => ({
        body: { ...merchantA, ...(request.body as object) },
      }),
    });
    const { user } = renderApp('/merchants/merchant-a');
    expect(await screen.findByRole('heading', { name: 'Acme Motors' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Onboarding Summary' })).toHaveAttribute(
      'href',
      '/onboarding/merchant-a/summary',
    );
    const reads = api.callsTo('GET /api/merchants/merchant-a/').length;
    await user.click(screen.getByRole('switch', { name: /Check Custom Roles/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to save changes?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/merchants/merchant-a/')).toHaveLength(1));
    expect(api.callsTo('PUT /api/merchants/merchant-a/')[0]?.body).toMatchObject({
      check_custom_roles: true,
    });
    await waitFor(() => expect(api.callsTo('GET /api/merchants/merchant-a/').length).toBeGreaterThan(reads));
  });

  it('refuses a logo over 1 MB before uploading it', async () => {
    const api = signInAsSuperAdmin();
    const { user } = renderApp('/merchants/merchant-a');
    await screen.findByRole('heading', { name: 'Acme Motors' });
    // Mantine's FileInput is a button over a hidden file input.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    const big = new File([new Uint8Array(1_048_577)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('File must be less than 1mb in size')).toBeInTheDocument();
    expect(api.callsTo('POST /api/merchants/merchant-a/upload_logo/')).toHaveLength(0);
  });
});
