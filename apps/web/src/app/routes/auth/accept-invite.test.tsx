import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const INVITE_PATH = '/api/user-invites/inv-1/tok-1/';
const invite = { email: 'nia@acme.test', first_name: 'Nia', last_name: 'New', organization: 'Acme Motors' };

describe('accept invite', () => {
  it('sets the password, then goes to login', async () => {
    const api = stubFetch({
      [`GET ${INVITE_PATH}`]: { body: invite },
      [`POST ${INVITE_PATH}`]: { body: { detail: 'Your password has been set. You can sign in now.' } },
    });
    const { user, location } = renderApp('/user-invite/inv-1/tok-1');
    expect(
      await screen.findByText('Set a password for nia@acme.test to join Acme Motors.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Other1!x');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo(`POST ${INVITE_PATH}`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.getByText('Your password has been set. You can sign in now.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${INVITE_PATH}`)[0]?.body).toEqual({
      password: 'Secret1!',
      password_confirm: 'Secret1!',
    });
  });

  it('says when the link is no longer valid', async () => {
    stubFetch({ [`GET ${INVITE_PATH}`]: { status: 400, body: { non_field_errors: ['Invalid Token'] } } });
    renderApp('/user-invite/inv-1/tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
});
