import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@paylane/shared/contracts/profile';
import { stubFetch, type StubReply, type StubRequest } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const settings = {
  name: 'Acme Motors',
  email: 'office@acme.test',
  phone: '+13125550142',
  website: '',
  time_zone: 'America/Chicago',
  quiet_hours_start: '21:00',
  quiet_hours_end: '08:00',
  min_payment_amount_cents: 100,
  max_payment_amount_cents: null,
};
const settingsPath = `/api/merchants/${merchantA.id}/settings/`;

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

function openGeneralSettings(onSave: (request: StubRequest) => StubReply) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${settingsPath}`]: { body: settings },
    [`PUT ${settingsPath}`]: onSave,
  });
  const view = renderApp(`/merchants/${merchantA.id}/settings/general`);
  return { api, ...view };
}

describe('general settings page while it loads', () => {
  it("shows the form's shape and a Loading status until the settings arrive, then the form", async () => {
    storeSession();
    // Every request for it waits until the test answers them all.
    const held: ((reply: StubReply) => void)[] = [];
    const answer = (reply: StubReply) => held.forEach((resolve) => resolve(reply));
    stubFetch({
      ...signedInApi({ profile: adminProfile }),
      [`GET ${settingsPath}`]: () => new Promise<StubReply>((resolve) => held.push(resolve)),
    });
    renderApp(`/merchants/${merchantA.id}/settings/general`);

    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    // A live region with words, not only a label: a screen reader announces 'Loading'.
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveTextContent('Loading');
    expect(screen.queryByLabelText('Phone Number')).not.toBeInTheDocument();

    // The skeleton shows as soon as the query starts; its request may leave a moment later.
    await waitFor(() => expect(held).not.toHaveLength(0));
    answer({ body: settings });
    expect(await screen.findByLabelText('Phone Number')).toHaveValue('(312) 555-0142');
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});

// A long form typed key by key: slow on a busy 2-core machine.
describe('general settings page', () => {
  it('shows the spec messages for bad amounts before calling the server', async () => {
    const { api, user } = openGeneralSettings(() => ({ body: settings }));
    const min = await screen.findByLabelText(/Minimum Payment Amount/);
    expect(min).toHaveValue('1.00');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(312) 555-0142');

    await user.clear(min);
    await user.type(min, '0.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment must be larger than $1.00')).toBeInTheDocument();

    await user.clear(min);
    await user.type(min, '25');
    await user.type(screen.getByLabelText(/Maximum Payment Amount/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least the minimum payment amount')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${settingsPath}`)).toHaveLength(0);
  });

  it('asks for confirmation, sends cents and shows a server field error under its field', async () => {
    const { api, user } = openGeneralSettings(() => ({
      status: 400,
      body: { max_payment_amount_cents: ['Must be at least the minimum payment amount'] },
    }));
    const min = await screen.findByLabelText(/Minimum Payment Amount/);
    await user.clear(min);
    await user.type(min, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to save changes?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Must be at least the minimum payment amount')).toBeInTheDocument();
    const max = screen.getByLabelText(/Maximum Payment Amount/);
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription(
      expect.stringContaining('Must be at least the minimum payment amount'),
    );
    expect(api.callsTo(`PUT ${settingsPath}`)[0]?.body).toEqual({
      ...settings,
      phone: '(312) 555-0142',
      min_payment_amount_cents: 1250,
      max_payment_amount_cents: null,
    });
  });

  it('reloads the merchant record after saving', async () => {
    const { api, user } = openGeneralSettings((request) => ({
      body: { ...settings, ...(request.body as object) },
    }));
    await screen.findByLabelText(/Minimum Payment Amount/);
    const merchantCalls = () => api.callsTo(`GET /api/merchants/${merchantA.id}/`).length;
    const before = merchantCalls();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(merchantCalls()).toBeGreaterThan(before);
  });
});
