import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeListItem, page } from '../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const customersApi = `/api/merchants/${merchantA.id}/customers/`;
const maria = makeListItem({
  id: 'cust-9',
  first_name: 'Maria',
  last_name: 'Lopez',
  external_id: 'C-77',
  sms_phone_number: '+12145550100',
});

describe('command palette', () => {
  it('opens with Ctrl+K, finds a customer by phone through the customer search and opens their page', async () => {
    storeSession();
    const api = stubFetch({
      ...signedInApi(),
      [`GET ${customersApi}`]: ({ search }: StubRequest) => ({
        body: page(search.get('search') === '2145550100' ? [maria] : []),
      }),
    });
    const { user, location } = renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('textbox', { name: 'Search' });
    await user.type(box, '2145550100');
    const result = await screen.findByRole('button', { name: /Maria Lopez/ });
    expect(result).toHaveTextContent('(214) 555-0100 · C-77');
    const calls = api.callsTo(`GET ${customersApi}`);
    expect(Object.fromEntries(calls.at(-1)!.search)).toMatchObject({ search: '2145550100', page_size: '8' });
    await user.click(result);
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/customers/cust-9`));
  });

  it('lists pages of the navigation by name, and says when nothing matches', async () => {
    storeSession();
    stubFetch({ ...signedInApi(), [`GET ${customersApi}`]: { body: page([]) } });
    const { user, location } = renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(screen.getByRole('button', { name: /^Search/ }));
    const box = await screen.findByRole('textbox', { name: 'Search' });
    await user.type(box, 'zzzz');
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'inbox');
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /Inbox/ }));
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/inbox`));
  });
});
