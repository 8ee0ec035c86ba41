import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@paylane/shared/contracts/profile';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const tagsPath = `/api/merchants/${merchantA.id}/account-tags/`;
const adminProfile: Profile = makeProfile({
  roles: ['admin'],
  memberships: [
    {
      merchant: { id: merchantA.id, name: merchantA.name, logo: null },
      roles: ['admin'],
      custom_role: null,
      permissions: {},
    },
  ],
});

function openTags() {
  storeSession();
  let tags = [{ id: 'tag-1', name: 'Payment Plan' }];
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${tagsPath}`]: () => ({ body: { count: tags.length, next: null, previous: null, results: tags } }),
    [`POST ${tagsPath}`]: { status: 400, body: { name: ['A tag with this name already exists'] } },
    [`DELETE ${tagsPath}tag-1/`]: () => {
      tags = [];
      return { status: 204 };
    },
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/tags`) };
}

describe('tags page', () => {
  it('asks for 40 tags a page and shows a duplicate name under the field', async () => {
    const { api, user } = openTags();
    expect(await screen.findByText('Payment Plan')).toBeInTheDocument();
    expect(api.callsTo(`GET ${tagsPath}`)[0]?.search.get('page_size')).toBe('40');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Tag Name/), 'payment plan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeInTheDocument();
  });

  it('removes a tag after the spec confirmation', async () => {
    const { api, user } = openTags();
    await user.click(await screen.findByRole('button', { name: 'Delete Payment Plan' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you would like to remove Payment Plan?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No tags found.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${tagsPath}tag-1/`)).toHaveLength(1);
  });

  it('sends an admin away from the super-admin-only integrations page', async () => {
    storeSession();
    stubFetch(signedInApi({ profile: adminProfile }));
    const { location } = renderApp(`/merchants/${merchantA.id}/settings/integrations`);
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });
});
