import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const base = `/api/merchants/${merchantA.id}/integrations/`;

function openIntegrations() {
  storeSession({ groups: ['super'] });
  const superAdmin = makeProfile({
    roles: ['super_admin'],
    is_super_admin: true,
    memberships: [],
    organization: null,
  });
  let passtimeOn = true;
  const passtime = () => ({
    integration_type: 'passtime',
    name: 'PassTime',
    is_enabled: passtimeOn,
    has_credentials: true,
  });
  const api = stubFetch({
    ...signedInApi({ profile: superAdmin, groups: ['super'] }),
    [`GET ${base}`]: () => ({
      body: {
        count: 2,
        next: null,
        previous: null,
        results: [
          passtime(),
          { integration_type: 'dms', name: 'DMS', is_enabled: false, has_credentials: false },
        ],
      },
    }),
    [`POST ${base}passtime/disable/`]: () => {
      passtimeOn = false;
      return { body: passtime() };
    },
    [`POST ${base}dms/enable/`]: {
      body: { integration_type: 'dms', name: 'DMS', is_enabled: true, has_credentials: false },
    },
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/integrations`) };
}

describe('integrations page', () => {
  it('asks before disabling an integration, warning about payment processing', async () => {
    const { api, user } = openIntegrations();
    const toggle = await screen.findByRole('switch', { name: 'PassTime enabled' });
    expect(toggle).toBeChecked();
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Disabling the merchant integration may impact payment processing.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`POST ${base}passtime/disable/`)).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'PassTime enabled' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'PassTime enabled' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(api.callsTo(`POST ${base}passtime/disable/`)).toHaveLength(1);
    expect(await screen.findByRole('switch', { name: 'PassTime enabled' })).not.toBeChecked();
  });

  it('enables without asking', async () => {
    const { api, user } = openIntegrations();
    await user.click(await screen.findByRole('switch', { name: 'DMS enabled' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${base}dms/enable/`)).toHaveLength(1);
  });
});
