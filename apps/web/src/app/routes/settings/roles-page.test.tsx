import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@paylane/shared/contracts/roles';
import { permissionFlags } from '@paylane/shared/permissions';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const ROLES_PATH = `/api/merchants/${merchantA.id}/roles/`;
const allFalse = Object.fromEntries(permissionFlags.map((flag) => [flag, false])) as Record<
  (typeof permissionFlags)[number],
  boolean
>;

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

const collector: Role = {
  id: 'role-1',
  role_name: 'Collector',
  role_description: 'Calls late accounts',
  permissions: {
    ...allFalse,
    is_note_update_allowed: true,
    is_payment_refund_allowed: true,
    has_access: ['is_note_update_allowed', 'is_payment_refund_allowed'],
  },
  settings: { min_merchant_payment_amount: null, max_merchant_payment_amount: null },
  user_count: 2,
};

function renderRolesPage(extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${ROLES_PATH}`]: { body: { count: 1, next: null, previous: null, results: [collector] } },
    ...extra,
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/roles`) };
}

describe('settings roles page', () => {
  it('lists roles, each linking to its edit page', async () => {
    renderRolesPage();
    const link = await screen.findByRole('link', { name: 'Collector' });
    expect(link).toHaveAttribute('href', `/merchants/${merchantA.id}/settings/roles/role-1`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent(`2 of ${permissionFlags.length}`);
    expect(screen.getByRole('link', { name: 'Create Role' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/settings/roles/create`,
    );
  });

  it('asks before removing a role and shows why the server kept it', async () => {
    const { api, user } = renderRolesPage({
      [`DELETE ${ROLES_PATH}role-1/`]: {
        status: 400,
        body: { non_field_errors: ['This role is assigned to users. Give them another role first.'] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Collector' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you would like to remove Collector?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('This role is assigned to users. Give them another role first.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`DELETE ${ROLES_PATH}role-1/`)).toHaveLength(1));
  });
});
