import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerLookupHandlers, customersApi, page } from '../../test/customer-list-fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// Issue 20 item 6: the skip link and the `?` list of shortcuts, in the real signed-in shell.

async function openCustomers() {
  storeSession();
  stubFetch({ ...signedInApi(), ...customerLookupHandlers, [`GET ${customersApi}`]: { body: page([]) } });
  const rendered = renderApp(`/merchants/${merchantA.id}/customers`);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return rendered;
}

describe('keyboard flow', () => {
  it('puts "Skip to main content" first in the tab order; Enter moves the focus to the main region', async () => {
    const { user, location } = await openCustomers();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The focus moved; the address did not (no #hash for the router to read).
    expect(location()).toBe(`/merchants/${merchantA.id}/customers`);
  });

  it('opens the shortcuts with ?, lists the app’s keys, and ignores ? typed in a text field', async () => {
    const { user } = await openCustomers();
    const search = await screen.findByRole('textbox', { name: 'Search customers' });
    await user.type(search, '{Shift>}?{/Shift}');
    expect(search).toHaveValue('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('{Shift>}?{/Shift}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const action of [
      'Find a customer or a page',
      'Show these shortcuts (outside text fields)',
      'Next / previous conversation (outside text fields)',
      'Next / previous conversation',
      'Back to the conversation list',
      'Send the message',
    ]) {
      expect(within(dialog).getByRole('row', { name: new RegExp(`${escape(action)}$`) })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('row', { name: /Ctrl \+ K or ⌘ \+ K/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the same list from the user menu', async () => {
    const { user } = await openCustomers();
    await user.click(screen.getByRole('button', { name: /Jane Doe/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
