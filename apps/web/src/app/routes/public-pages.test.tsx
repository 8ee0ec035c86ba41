import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/session-storage';
import { stubFetch } from '../../test/fetch-stub';
import { makeProfile, makeTokenPair, signedInApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const RESET_SENT = 'If an account exists for that email, we sent a link to reset the password.';

describe('forgot password', () => {
  it("sends the reset link and shows the server's words", async () => {
    const api = stubFetch({ 'POST /api/password-reset/': { body: { detail: RESET_SENT } } });
    const { user } = renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'jane@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(RESET_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/password-reset/')[0]?.body).toEqual({ email: 'jane@acme.test' });
  });

  it('shows the generic toast with Dismiss when the server fails', async () => {
    stubFetch({ 'POST /api/password-reset/': { status: 500, body: { detail: 'boom' } } });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'jane@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Oops! Something Went Wrong...')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument(); // outside production the detail is shown too
    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(screen.queryByText('Oops! Something Went Wrong...')).not.toBeInTheDocument());
  });
});

describe('reset password', () => {
  it('resets and then links to sign in', async () => {
    const api = stubFetch({
      'POST /api/password-reset/confirm/': {
        body: { detail: 'Your password has been reset. You can sign in now.' },
      },
    });
    const { user } = renderApp('/reset-password/abc/tok');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. You can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /api/password-reset/confirm/')[0]?.body).toEqual({
      id: 'abc',
      token: 'tok',
      password: 'Secret1!',
      password_confirm: 'Secret1!',
    });
  });

  it('checks the passwords match, and shows Invalid Token from the server', async () => {
    stubFetch({ 'POST /api/password-reset/confirm/': { status: 400, body: { token: ['Invalid Token'] } } });
    const { user } = renderApp('/reset-password/abc/tok');
    await user.type(await screen.findByLabelText('New Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Other1!x');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token');
  });
});

describe('partner invite and signup', () => {
  it('shows the invite, accepts it, signs up and signs in', async () => {
    const pair = makeTokenPair({ userId: 'partner-1' });
    const partner = makeProfile({
      id: 'partner-1',
      roles: [],
      memberships: [],
      organization: null,
      is_partner: true,
    });
    const api = stubFetch({
      ...signedInApi({ profile: partner }),
      'GET /api/merchants/': { body: { count: 0, next: null, previous: null, results: [] } },
      'GET /api/partner-invites/inv/tok/': { body: { email: 'pat@partner.test', invited_by: 'Sam Super' } },
      'POST /api/partner-signup/': { body: pair },
    });
    const { user, location } = renderApp('/partner-invite/inv/tok');
    expect(await screen.findByRole('heading', { name: 'Partner Invitation' })).toBeInTheDocument();
    expect(await screen.findByText('Sam Super')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Partner Sign Up' })).toBeInTheDocument();
    expect(location()).toBe('/partner-signup/inv/tok');
    await user.type(screen.getByLabelText('First Name'), 'Pat');
    await user.type(screen.getByLabelText('Last Name'), 'Partner');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // A partner holds no merchant role; their home is the merchants they onboarded (none yet).
    expect(await screen.findByRole('heading', { name: 'Merchants' })).toBeInTheDocument();
    expect(location()).toBe('/merchants');
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBe(pair.refresh);
    expect(api.callsTo('POST /api/partner-signup/')[0]?.body).toMatchObject({
      id: 'inv',
      token: 'tok',
      first_name: 'Pat',
    });
  });

  it('says when the invite is invalid', async () => {
    stubFetch({ 'GET /api/partner-invites/inv/bad/': { status: 400, body: { detail: 'Invalid Token' } } });
    renderApp('/partner-invite/inv/bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token');
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
  });
});

describe('sso', () => {
  it('exchanges the link for a session and opens home', async () => {
    const api = stubFetch({ ...signedInApi(), 'POST /api/sso-auth/': { body: makeTokenPair() } });
    const { location } = renderApp('/sso?id=u1&token=t1&account_id=42');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(api.callsTo('POST /api/sso-auth/')).toHaveLength(1);
    expect(api.callsTo('POST /api/sso-auth/')[0]?.body).toEqual({ id: 'u1', token: 't1' });
  });

  it('explains a refused link', async () => {
    stubFetch({ 'POST /api/sso-auth/': { status: 400, body: { detail: 'Invalid Token' } } });
    renderApp('/sso?id=u1&token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('other public pages', () => {
  it('says plainly that FreshBooks is not configured', async () => {
    stubFetch({});
    renderApp('/freshbooks/auth/some-code');
    expect(await screen.findByRole('heading', { name: 'FreshBooks connection' })).toBeInTheDocument();
    expect(screen.getByText(/not configured yet/)).toBeInTheDocument();
  });

  it('shows Unauthorized with Go to Login to a visitor', async () => {
    stubFetch({});
    renderApp('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });
});
