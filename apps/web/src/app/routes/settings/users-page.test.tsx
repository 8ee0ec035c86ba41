import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MerchantUser } from '@paylane/shared/contracts/merchant-users';
import { storageKeys } from '../../../lib/session-storage';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const USERS_PATH = `/api/merchants/${merchantA.id}/users/`;

const adminProfile = makeProfile({
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

function makeUser(overrides: Partial<MerchantUser>): MerchantUser {
  return {
    id: 'user-2',
    email: 'taylor@acme.test',
    first_name: 'Taylor',
    last_name: 'Staff',
    roles: ['staff'],
    role: 'staff',
    custom_role: null,
    created: '2026-03-05T15:00:00Z',
    is_pending: false,
    is_active: true,
    status: 'Active',
    ...overrides,
  };
}

const people = [
  makeUser({
    id: adminProfile.id,
    email: adminProfile.email,
    first_name: 'Jane',
    last_name: 'Doe',
    roles: ['admin'],
    role: 'admin',
  }),
  makeUser({}),
  makeUser({
    id: 'user-3',
    email: 'new@acme.test',
    first_name: 'Nia',
    last_name: 'New',
    is_pending: true,
    status: 'Pending',
  }),
];

function renderUsersPage(extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ userId: adminProfile.id });
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${USERS_PATH}`]: { body: { count: people.length, next: null, previous: null, results: people } },
    ...extra,
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/users`) };
}

describe('settings users page', () => {
  it('lists users with role, status and created date', async () => {
    renderUsersPage();
    const row = (await screen.findByText('taylor@acme.test')).closest('tr')!;
    expect(within(row).getByText('Staff')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('03/05/2026')).toBeInTheDocument();
    const pending = screen.getByText('new@acme.test').closest('tr')!;
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Resend invite to Nia New' })).toBeInTheDocument();
  });

  it('shows client and server errors under the invite form fields', async () => {
    const { api, user } = renderUsersPage({
      [`POST ${USERS_PATH}`]: { status: 400, body: { email: ['User already belongs to an organization'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('First Name'), 'Owen');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await within(dialog).findByText('Email is not valid')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid');
    expect(api.callsTo(`POST ${USERS_PATH}`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'Owen@Other.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        'User already belongs to an organization',
      ),
    );
    expect(api.callsTo(`POST ${USERS_PATH}`)[0]?.body).toEqual({
      email: 'owen@other.test',
      first_name: 'Owen',
      last_name: 'Other',
      role: 'staff',
      custom_role_id: null,
    });
  });

  it('asks before disabling a user', async () => {
    const disablePath = `${USERS_PATH}user-2/disable/`;
    const { api, user } = renderUsersPage({
      [`POST ${disablePath}`]: { body: makeUser({ is_active: false, status: 'Inactive' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Taylor Staff' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to disable Taylor Staff?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`POST ${disablePath}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable Taylor Staff' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Taylor Staff is disabled')).toBeInTheDocument();
    expect(api.callsTo(`POST ${disablePath}`)).toHaveLength(1);
  });

  it('warns that disabling your own account removes your roles, then logs out', async () => {
    const disablePath = `${USERS_PATH}${adminProfile.id}/disable/`;
    const { api, user, location } = renderUsersPage({
      [`POST ${disablePath}`]: { body: people[0] },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Your Account?' });
    expect(dialog).toHaveTextContent('This removes your roles in Acme Motors and logs you out.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(api.callsTo(`POST ${disablePath}`)).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBeNull();
  });
});
