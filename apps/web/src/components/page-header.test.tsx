import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PageHeader } from './page-header';

/** The header at /customers/c-1 in a memory router; `path()` tells where a click led. */
function renderHeader(header: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/customers/:id', element: header },
      { path: '/customers', element: <p>Customer list</p> },
    ],
    { initialEntries: ['/customers/c-1'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { user: userEvent.setup(), path: () => router.state.location.pathname };
}

describe('PageHeader', () => {
  it('shows the title as the page heading, its description, and a back link that goes where it says', async () => {
    const { user, path } = renderHeader(
      <PageHeader title="Ada Lovelace" backTo="/customers" backLabel="Customers" description="3 accounts" />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('3 accounts')).toBeInTheDocument();

    // The arrow is decoration: the link is named by its words alone.
    await user.click(screen.getByRole('link', { name: 'Customers' }));
    expect(path()).toBe('/customers');
    expect(await screen.findByText('Customer list')).toBeInTheDocument();
  });

  it("shows the page's actions, and no back link when there is no page above", async () => {
    const onCreate = vi.fn();
    const { user } = renderHeader(
      <PageHeader title="Customer Groups" actions={<Button onClick={onCreate}>Create Group</Button>} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Customer Groups' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(onCreate).toHaveBeenCalledOnce();
  });
});
