import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('Page Not Found', () => {
  it('offers Go to Login to a visitor', async () => {
    stubFetch({});
    const { user, location } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Merchant Login' })).toBeInTheDocument();
  });

  it('offers Go to Dashboard to a signed-in user, without the navigation', async () => {
    storeSession();
    stubFetch(signedInApi());
    const { user, location } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });
});
