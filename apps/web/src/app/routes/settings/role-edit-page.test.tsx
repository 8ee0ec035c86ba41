import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@paylane/shared/contracts/roles';
import { permissionFlags } from '@paylane/shared/permissions';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const ROLES_PATH = `/api/merchants/${merchantA.id}/roles/`;
const PAGE_PATH = `/merchants/${merchantA.id}/settings/roles`;
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
  permissions: { ...allFalse, is_note_update_allowed: true, has_access: ['is_note_update_allowed'] },
  settings: { min_merchant_payment_amount: 5, max_merchant_payment_amount: null },
  user_count: 2,
};

function renderRolePage(path: string, extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${ROLES_PATH}`]: { body: { count: 1, next: null, previous: null, results: [collector] } },
    [`GET ${ROLES_PATH}role-1/`]: { body: collector },
    ...extra,
  });
  return { api, ...renderApp(path) };
}

async function confirmSave(user: ReturnType<typeof renderRolePage>['user']) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Are you sure you want to save changes?');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('role form', () => {
  it('creates a role with the checked flags and limits after confirmation', async () => {
    const { api, user, location } = renderRolePage(`${PAGE_PATH}/create`, {
      [`POST ${ROLES_PATH}`]: { status: 201, body: collector },
    });
    await user.type(await screen.findByLabelText('Role Name'), 'Refunder');
    await user.click(screen.getByLabelText('Refund payments'));
    await user.click(screen.getByLabelText('Manage users'));
    await user.type(screen.getByLabelText('Minimum Payment Amount'), '5');
    await user.type(screen.getByLabelText('Maximum Payment Amount'), '250.50');
    await confirmSave(user);

    await waitFor(() => expect(location()).toBe(PAGE_PATH));
    expect(api.callsTo(`POST ${ROLES_PATH}`)[0]?.body).toEqual({
      role_name: 'Refunder',
      role_description: '',
      permissions: { ...allFalse, is_payment_refund_allowed: true, is_user_update_allowed: true },
      settings: { min_merchant_payment_amount: '5', max_merchant_payment_amount: '250.50' },
    });
    expect(await screen.findByText('Role saved!')).toBeInTheDocument();
  });

  it('edits a role: flags start from the server and changes are saved with PUT', async () => {
    const { api, user } = renderRolePage(`${PAGE_PATH}/role-1`, {
      [`PUT ${ROLES_PATH}role-1/`]: { body: collector },
    });
    const notes = await screen.findByLabelText('Edit notes');
    expect(notes).toBeChecked();
    expect(screen.getByLabelText('Minimum Payment Amount')).toHaveValue('5.00');
    await user.click(notes);
    await user.click(screen.getByLabelText('Waive convenience fees'));
    await confirmSave(user);
    await waitFor(() => expect(api.callsTo(`PUT ${ROLES_PATH}role-1/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${ROLES_PATH}role-1/`)[0]?.body).toMatchObject({
      role_name: 'Collector',
      permissions: { is_note_update_allowed: false, is_payment_waive_fee_allowed: true },
      settings: { min_merchant_payment_amount: '5.00', max_merchant_payment_amount: '' },
    });
  });

  it('checks the amounts and shows a taken name under the field', async () => {
    const { api, user } = renderRolePage(`${PAGE_PATH}/create`, {
      [`POST ${ROLES_PATH}`]: { status: 400, body: { role_name: ['A role with this name already exists'] } },
    });
    await user.type(await screen.findByLabelText('Role Name'), 'Collector');
    await user.type(screen.getByLabelText('Minimum Payment Amount'), '20');
    await user.type(screen.getByLabelText('Maximum Payment Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Maximum amount must be at least the minimum amount')).toBeInTheDocument();
    expect(api.callsTo(`POST ${ROLES_PATH}`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Maximum Payment Amount'));
    await confirmSave(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Role Name')).toHaveAccessibleDescription(
        'A role with this name already exists',
      ),
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, location } = renderRolePage(`${PAGE_PATH}/create`);
    await user.type(await screen.findByLabelText('Role Name'), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(dialog).toHaveTextContent('Changes you made may not be saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe(`${PAGE_PATH}/create`);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(location()).toBe(PAGE_PATH));
    expect(await screen.findByRole('link', { name: 'Collector' })).toBeInTheDocument();
  });
});
