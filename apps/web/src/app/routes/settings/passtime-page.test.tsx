import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@paylane/shared/contracts/profile';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const path = `/api/merchants/${merchantA.id}/integrations/passtime/credentials/`;
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

function openPasstime(saved: { dealer_id: string; username: string; has_password: boolean }) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${path}`]: { body: { ...saved, is_enabled: true } },
    [`PUT ${path}`]: (request) => ({
      body: { ...(request.body as object), password: undefined, has_password: true, is_enabled: true },
    }),
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/passtime`) };
}

describe('PassTime credentials page', () => {
  it('requires a password until one is saved', async () => {
    const { api, user } = openPasstime({ dealer_id: '', username: '', has_password: false });
    await user.type(await screen.findByLabelText(/Dealer ID/), 'D-1');
    await user.type(screen.getByLabelText(/Username/), 'dealer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${path}`)).toHaveLength(0);
  });

  it('shows a saved password only as a placeholder and keeps it when left empty', async () => {
    const { api, user } = openPasstime({ dealer_id: 'D-1', username: 'dealer', has_password: true });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Saved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Credentials saved')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${path}`)[0]?.body).toEqual({
      dealer_id: 'D-1',
      username: 'dealer',
      password: '',
    });
  });
});
