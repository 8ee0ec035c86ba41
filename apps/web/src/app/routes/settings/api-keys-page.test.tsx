import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@paylane/shared/contracts/api-keys';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const listPath = `/api/merchants/${merchantA.id}/api_keys/`;
const fullKey = 'pl_live_abcdefghSECRETrestOfTheKey0123456789xyzABCD';
const listed: ApiKey = {
  id: 'key-1',
  name: 'DMS sync',
  prefix: 'abcdefgh',
  created: '2026-03-04T15:00:00.000Z',
  last_used: null,
  created_by: 'Sam Super',
  revoked: false,
  revoked_at: null,
};
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function openApiKeys() {
  storeSession({ groups: ['super'] });
  const superAdmin = makeProfile({
    roles: ['super_admin'],
    is_super_admin: true,
    memberships: [],
    organization: null,
  });
  let keys: ApiKey[] = [];
  const api = stubFetch({
    ...signedInApi({ profile: superAdmin, groups: ['super'] }),
    [`GET ${listPath}`]: () => ({ body: page(keys) }),
    [`POST ${listPath}`]: () => {
      keys = [listed];
      return { status: 201, body: { ...listed, key: fullKey } };
    },
    [`POST ${listPath}key-1/revoke/`]: () => {
      keys = [{ ...listed, revoked: true, revoked_at: '2026-03-05T10:00:00.000Z' }];
      return { body: keys[0] };
    },
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/api-keys`) };
}

describe('API keys page', () => {
  it('shows a new key once, with a copy button and a warning, then only its prefix', async () => {
    const { api, user } = openApiKeys();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Key Name/), 'DMS sync');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByLabelText('API Key')).toHaveValue(fullKey);
    expect(within(dialog).getByText('Copy this key now. It will not be shown again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy Key' })).toBeInTheDocument();
    expect(api.callsTo(`POST ${listPath}`)[0]?.body).toEqual({ name: 'DMS sync' });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText('DMS sync')).closest('tr')!;
    expect(within(row).getByText('pl_live_abcdefgh…')).toBeInTheDocument();
    expect(within(row).getByText('03/04/2026')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(fullKey);
  });

  it('revokes a key after confirmation', async () => {
    const { api, user } = openApiKeys();
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText(/Key Name/), 'DMS sync');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Revoke DMS sync' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Are you sure you want to revoke DMS sync\?/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${listPath}key-1/revoke/`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(api.callsTo(`POST ${listPath}key-1/revoke/`)).toHaveLength(1);
  });
});
