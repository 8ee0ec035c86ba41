import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customersApi, makeListItem, memberProfile, page } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';
import { merchantA } from '../../../test/fixtures';

const admin = memberProfile(['admin']);
const customRoleMerchant = { ...merchantA, check_custom_roles: true };
const jane = { id: 'user-1', first_name: 'Jane', last_name: 'Doe' };
const note = (id: string, body: string, extra = {}) => ({
  id,
  body,
  account_id: null,
  author: jane,
  created: '2026-07-04T20:05:00.000Z',
  updated: '2026-07-04T20:05:00.000Z',
  ...extra,
});
const notes = [
  note('n2', 'Promised to pay Friday', { account_id: 'acct-1', updated: '2026-07-05T14:00:00.000Z' }),
  note('n1', 'First call', {
    author: null,
    created: '2026-07-01T15:00:00.000Z',
    updated: '2026-07-01T15:00:00.000Z',
  }),
];
const notesHandler = { [`GET ${customerApi}notes/`]: { body: page(notes) } };

describe('customer notes', () => {
  it('lists notes newest first, adds one about an account and edits one in place', async () => {
    const { api, user } = openCustomerPage(`${customerPagePath}/notes`, {
      profile: admin,
      handlers: {
        ...notesHandler,
        [`POST ${customerApi}notes/`]: { status: 201, body: note('n3', 'Left a voicemail') },
        [`PUT ${customerApi}notes/n1/`]: { body: note('n1', 'First call, no answer') },
      },
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '07/04/2026 3:05 PM CDT · Jane Doe · Account A-1 · edited',
      '07/01/2026 10:00 AM CDT · System',
    ]);
    expect(within(items[0]!).getByText('Promised to pay Friday')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Add a note' }));
    await user.click(form.getByRole('button', { name: 'Add Note' }));
    expect(await form.findByText('Required')).toBeInTheDocument();
    expect(api.callsTo(`POST ${customerApi}notes/`)).toHaveLength(0);
    await user.type(form.getByLabelText('Note', { exact: false }), 'Left a voicemail');
    await user.selectOptions(form.getByLabelText('Account'), 'Account A-1');
    await user.click(form.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(api.callsTo(`POST ${customerApi}notes/`)).toHaveLength(1));
    expect(api.callsTo(`POST ${customerApi}notes/`)[0]?.body).toEqual({
      body: 'Left a voicemail',
      account: 'acct-1',
    });
    await waitFor(() => expect(form.getByLabelText('Note', { exact: false })).toHaveValue(''));

    const first = within(within(list).getAllByRole('listitem')[1]!);
    await user.click(first.getByRole('button', { name: 'Edit' }));
    const editor = first.getByLabelText('Edit note');
    expect(editor).toHaveValue('First call');
    await user.clear(editor);
    await user.click(first.getByRole('button', { name: 'Save' }));
    expect(await first.findByText('Required')).toBeInTheDocument();
    await user.type(editor, 'First call, no answer');
    await user.click(first.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${customerApi}notes/n1/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${customerApi}notes/n1/`)[0]?.body).toEqual({ body: 'First call, no answer' });
    await waitFor(() => expect(first.queryByLabelText('Edit note')).not.toBeInTheDocument());
  });

  it('hides note editing from staff of a custom-role merchant without is_note_update_allowed', async () => {
    openCustomerPage(`${customerPagePath}/notes`, {
      profile: memberProfile(['collector', 'staff'], { is_customer_update_allowed: true }),
      merchant: customRoleMerchant,
      handlers: notesHandler,
    });
    expect(await screen.findByText('Promised to pay Friday')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    // The same user may still change the customer (is_customer_update_allowed): the two rights are apart.
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('lets a custom role with is_note_update_allowed write notes but not change the customer', async () => {
    const { user } = openCustomerPage(`${customerPagePath}/notes`, {
      profile: memberProfile(['note_taker', 'staff'], { is_note_update_allowed: true }),
      merchant: customRoleMerchant,
      handlers: notesHandler,
    });
    expect(await screen.findByRole('form', { name: 'Add a note' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Account Details' }));
    expect(await screen.findByRole('region', { name: 'Account A-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Account A-1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Co-Borrowers' }));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Link Co-Borrower/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Grace Hopper' })).not.toBeInTheDocument();
  });
});

describe('customer co-borrowers', () => {
  const afterChange = { account_id: 'acct-1', co_borrowers: [] };

  it('removes a co-borrower after the confirmation of docs/product.md §8', async () => {
    const remove = `DELETE ${customerApi}accounts/acct-1/co_borrowers/cust-2/`;
    const { api, user } = openCustomerPage(`${customerPagePath}/co-borrowers`, {
      profile: admin,
      handlers: { [remove]: { body: afterChange } },
    });
    const own = await screen.findByRole('region', { name: 'Account A-1' });
    const coBorrowed = screen.getByRole('region', { name: 'Accounts this customer co-borrows' });
    expect(coBorrowed).toHaveTextContent('Account A-9, primary borrower Alan Turing');
    await user.click(within(own).getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Co-Borrower' }));
    expect(dialog.getByText('Are you sure you would like to remove Grace Hopper?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo(remove)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(`GET ${customerApi}`).length).toBeGreaterThan(1));
  });

  it('links a customer found by search, showing the server’s refusal first', async () => {
    const link = `POST ${customerApi}accounts/acct-1/co_borrowers/`;
    const turing = makeListItem({
      id: 'cust-3',
      first_name: 'Alan',
      last_name: 'Turing',
      external_id: 'C-3',
    });
    let answers = 0;
    const { api, user } = openCustomerPage(`${customerPagePath}/co-borrowers`, {
      profile: admin,
      handlers: {
        [`GET ${customersApi}`]: (request) => ({ body: page(request.search.get('search') ? [turing] : []) }),
        [link]: () =>
          ++answers === 1
            ? { status: 400, body: { customer: ['This customer is already a co-borrower on the account'] } }
            : { status: 201, body: afterChange },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Link Co-Borrower to Account A-1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link Co-Borrower to Account A-1' }));
    await user.type(dialog.getByLabelText('Search customers'), 'Turing');
    await user.click(await dialog.findByRole('button', { name: 'Link Alan Turing' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This customer is already a co-borrower on the account',
    );
    await user.click(dialog.getByRole('button', { name: 'Link Alan Turing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(link).map((call) => call.body)).toEqual([
      { customer: 'cust-3' },
      { customer: 'cust-3' },
    ]);
    const searches = api.callsTo(`GET ${customersApi}`).map((call) => call.search.get('search'));
    expect(searches.at(-1)).toBe('Turing');
  });
});
