import type { OnboardingSummary } from '@paylane/shared/contracts/merchants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, makeTokenPair, merchantB, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const summary: OnboardingSummary = {
  merchant: { id: merchantB.id, name: merchantB.name, status: 'pending' },
  is_complete: false,
  items: [
    {
      key: 'owners',
      label: 'Owners',
      count: 0,
      is_complete: false,
      is_optional: false,
      link: '/merchants/merchant-b/owners/create',
    },
    {
      key: 'locations',
      label: 'Locations',
      count: 1,
      is_complete: true,
      is_optional: false,
      link: '/merchants/merchant-b/locations',
    },
  ],
};
const partner = makeProfile({
  id: 'partner-1',
  roles: [],
  memberships: [],
  organization: null,
  is_partner: true,
});

function signInAsPartner() {
  storeSession({ userId: 'partner-1' });
  return stubFetch({
    ...signedInApi({ profile: partner, merchants: [] }),
    'POST /api/token/refresh/': () => ({ body: makeTokenPair({ userId: 'partner-1' }) }),
    'GET /api/merchants/': {
      body: { count: 1, next: null, previous: null, results: [{ ...merchantB, status: 'pending' }] },
    },
    'GET /api/merchants/merchant-b/onboarding_summary/': { body: summary },
  });
}

describe('partners', () => {
  it('come into the app at the merchants they onboarded, with Merchants in the navigation', async () => {
    signInAsPartner();
    const { location } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Merchants' })).toHaveAttribute('href', '/merchants');
    expect(location()).toBe('/merchants');
  });

  it('list the merchants they onboarded and open their onboarding summary, read-only', async () => {
    signInAsPartner();
    const { user, location } = renderApp('/merchants');
    const table = await screen.findByRole('table', { name: 'Merchants' });
    expect(screen.queryByRole('link', { name: 'Create Merchant' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Bolt Auto' }));
    expect(await screen.findByRole('heading', { name: 'Onboarding Summary' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding/merchant-b/summary');
    const checklist = await screen.findByRole('list', { name: 'Onboarding checklist' });
    expect(within(checklist).getByText('Missing')).toBeInTheDocument();
    expect(within(checklist).getByText('Done')).toBeInTheDocument();
    expect(within(checklist).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Onboarding is not complete yet.');
  });
});

describe('onboarding summary for super admins', () => {
  it('links each item to the page that fixes it', async () => {
    storeSession({ groups: ['super'] });
    const superAdmin = makeProfile({
      roles: ['super_admin'],
      is_super_admin: true,
      memberships: [],
      organization: null,
    });
    stubFetch({
      ...signedInApi({ profile: superAdmin, groups: ['super'] }),
      'GET /api/merchants/merchant-b/onboarding_summary/': { body: summary },
    });
    renderApp('/onboarding/merchant-b/summary');
    const checklist = await screen.findByRole('list', { name: 'Onboarding checklist' });
    expect(within(checklist).getByRole('link', { name: 'Add Owners' })).toHaveAttribute(
      'href',
      '/merchants/merchant-b/owners/create',
    );
    expect(within(checklist).getByRole('link', { name: 'View Locations' })).toHaveAttribute(
      'href',
      '/merchants/merchant-b/locations',
    );
  });

  it('sends staff home', async () => {
    storeSession();
    stubFetch(signedInApi());
    const { location } = renderApp('/onboarding/merchant-b/summary');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });
});
