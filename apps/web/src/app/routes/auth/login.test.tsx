import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/session-storage';
import { stubFetch } from '../../../test/fetch-stub';
import { makeTokenPair, signedInApi } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it('shows the Merchant Login form with the trouble link', async () => {
    stubFetch({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trouble logging in?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('validates with the shared messages before calling the server', async () => {
    const api = stubFetch({});
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Merchant Login' });
    await fillAndSubmit(user, '', '');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await fillAndSubmit(user, 'not-an-email', 'secret');
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(api.callsTo('POST /api/token/')).toHaveLength(0);
  });

  it('focuses the first invalid field, then checks a field again as it is typed in', async () => {
    stubFetch({});
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Merchant Login' });
    await fillAndSubmit(user, '', '');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'jane');
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '@acme.test');
    await waitFor(() => expect(screen.queryByText('Email is not valid')).not.toBeInTheDocument());
    expect(screen.getAllByText('Required')).toHaveLength(1); // the password's, untouched
  });

  it("shows the server's text for wrong credentials and stays signed out", async () => {
    stubFetch({
      'POST /api/token/': {
        status: 401,
        body: { detail: 'No active account found with the given credentials' },
      },
    });
    const { user, location } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Merchant Login' });
    await fillAndSubmit(user, 'jane@acme.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active account found with the given credentials',
    );
    expect(location()).toBe('/login');
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBeNull();
  });

  it('shows field errors from the server under their fields', async () => {
    stubFetch({ 'POST /api/token/': { status: 400, body: { password: ['Required'] } } });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Merchant Login' });
    await fillAndSubmit(user, 'jane@acme.test', 'x');
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('signs in, stores the tokens and opens next', async () => {
    const pair = makeTokenPair();
    const api = stubFetch({ ...signedInApi(), 'POST /api/token/': { body: pair } });
    const { user, location } = renderApp('/login?next=%2Ffailed-payments');
    await screen.findByRole('heading', { name: 'Merchant Login' });
    await fillAndSubmit(user, 'Jane@Acme.test', 'Secret1!');
    expect(await screen.findByText('No failed payments yet.')).toBeInTheDocument();
    expect(location()).toBe('/failed-payments');
    expect(api.callsTo('POST /api/token/')[0]?.body).toEqual({
      email: 'jane@acme.test',
      password: 'Secret1!',
    });
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBe(pair.refresh);
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe(pair.access);
  });

  it('ignores a next that leaves the site', async () => {
    stubFetch({ ...signedInApi(), 'POST /api/token/': { body: makeTokenPair() } });
    const { user, location } = renderApp('/login?next=https%3A%2F%2Fevil.test%2F');
    await screen.findByRole('heading', { name: 'Merchant Login' });
    await fillAndSubmit(user, 'jane@acme.test', 'Secret1!');
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });
});
