import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@paylane/shared/messages';
import { describe, expect, it } from 'vitest';
import { makeCustomer, memberProfile, TAG_VIP, LOCATION_NORTH } from '../../../test/customer-list-fixtures';
import {
  adaWithAccounts,
  customerApi,
  customerPagePath,
  openCustomerPage,
} from '../../../test/customer-page-fixtures';
import { merchantA } from '../../../test/fixtures';

const admin = memberProfile(['admin']);
const toneOf = (text: HTMLElement) => text.closest('[data-tone]')?.getAttribute('data-tone');
const emptyHistory = { next: null, previous: null, results: [] };
const emptyPage = { count: 0, next: null, previous: null, results: [] };

describe('customer page layout', () => {
  it('shows who the customer is, marks them viewed once per visit, and moves between tabs by link', async () => {
    const { api, user, location } = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: {
        [`GET ${customerApi}history/`]: { body: emptyHistory },
        [`GET ${customerApi}notes/`]: { body: emptyPage },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const text of ['C-1001', '(214) 555-0123', 'ada@example.com']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Opted out of texts')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${customerPagePath}/detail`);

    const tabs = within(screen.getByRole('navigation', { name: 'Customer sections' }));
    const names = tabs.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual([
      'Account Details',
      'Timeline',
      'History',
      'Notes',
      'Co-Borrowers',
      'Payment Methods',
      'Messages',
    ]);
    expect(tabs.getByRole('link', { name: 'Account Details' })).toHaveAttribute('aria-current', 'page');

    await user.click(tabs.getByRole('link', { name: 'History' }));
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
    expect(location()).toBe(`${customerPagePath}/history`);
    expect(tabs.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Account Details' })).not.toHaveAttribute('aria-current');
    await user.click(tabs.getByRole('link', { name: 'Notes' }));
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();

    expect(api.callsTo(`POST ${customerApi}update_last_viewed/`)).toHaveLength(1);
    expect(api.callsTo(`GET ${customerApi}history/`)[0]?.search.get('page_size')).toBe('25');
  });

  it('says a voided customer is voided, shows the opt-out, and offers no changes', async () => {
    const voided = makeCustomer({
      ...adaWithAccounts,
      sms_opted_out: true,
      voided_at: '2026-07-04T20:05:00.000Z',
    });
    openCustomerPage(customerPagePath, { profile: admin, customer: voided });
    expect(await screen.findByText('This customer has been voided')).toBeInTheDocument();
    expect(screen.getByText(/Voided 07\/04\/2026 3:05 PM CDT/)).toBeInTheDocument();
    expect(screen.getByText('Opted out of texts')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Account A-1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Account A-1' })).not.toBeInTheDocument();
  });

  it('shows the honest empty state for a customer that is not there (or another merchant’s)', async () => {
    const { api } = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: { [`GET ${customerApi}`]: { status: 404, body: { detail: 'Not found.' } } },
    });
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Customer sections' })).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${customerApi}update_last_viewed/`)).toHaveLength(1);
    // Nothing to try again: the answer will not change.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says the server failed on a 5xx (not that the customer is gone), and Retry loads the customer', async () => {
    let isFailing = true;
    const { api, user } = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: {
        [`GET ${customerApi}`]: () =>
          isFailing ? { status: 500, body: { detail: messages.genericError } } : { body: adaWithAccounts },
      },
    });
    expect(await screen.findByText('The server failed to answer (error 500).')).toBeInTheDocument();
    const fallback = screen.getByTestId('query-fallback');
    expect(fallback).not.toHaveTextContent('Not found.');
    const reads = api.callsTo(`GET ${customerApi}`).length;
    isFailing = false;
    await user.click(within(fallback).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.callsTo(`GET ${customerApi}`)).toHaveLength(reads + 1);
  });

  it('tells a network failure and a missing permission apart from a missing customer', async () => {
    let answer: 'offline' | 'forbidden' = 'offline';
    const { user } = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: {
        [`GET ${customerApi}`]: () => {
          if (answer === 'offline') throw new TypeError('Failed to fetch');
          return { status: 403, body: { detail: messages.permissionDenied } };
        },
      },
    });
    expect(await screen.findByText('Could not reach the server.')).toBeInTheDocument();
    const fallback = screen.getByTestId('query-fallback');
    answer = 'forbidden';
    await user.click(within(fallback).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No access.')).toBeInTheDocument();
    expect(screen.getByTestId('query-fallback')).toHaveTextContent(messages.permissionDenied);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('account details', () => {
  it('shows each account in the formats of docs/product.md §9, co-borrowed ones with their primary borrower', async () => {
    openCustomerPage(customerPagePath, { profile: admin });
    const own = await screen.findByRole('region', { name: 'Account A-1' });
    const field = (region: HTMLElement, label: string) =>
      within(region).getByText(label).nextElementSibling?.textContent;
    expect(toneOf(within(own).getByText('Active'))).toBe('success');
    expect(field(own, 'Amount Due')).toBe('$125.50');
    expect(field(own, 'Due Date')).toBe('12/05/2026');
    expect(field(own, 'Cadence')).toBe('Biweekly');
    expect(field(own, 'Vehicle')).toBe('2019 Toyota Camry');
    expect(field(own, 'Autopay')).toBe('On');
    expect(field(own, 'Tags')).toBe('VIP');
    expect(within(own).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-2`,
    );
    expect(within(own).queryByText('Primary Borrower')).not.toBeInTheDocument();

    const coBorrowed = screen.getByRole('region', { name: 'Account A-9' });
    expect(toneOf(within(coBorrowed).getByText('Pending'))).toBe('warning');
    expect(within(coBorrowed).getByText('Co-borrower')).toBeInTheDocument();
    expect(field(coBorrowed, 'Amount Due')).toBe('($40.00)');
    expect(field(coBorrowed, 'Autopay')).toBe('Off');
    expect(field(coBorrowed, 'Due Date')).toBe('—');
    expect(field(coBorrowed, 'Primary Borrower')).toBe('Alan Turing');
    // Only the primary borrower's page edits an account.
    expect(within(own).getByRole('button', { name: 'Edit Account A-1' })).toBeInTheDocument();
    expect(within(coBorrowed).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('adds an account: the shared rules first, then the server’s message beside the field', async () => {
    let answers = 0;
    const { api, user } = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: {
        [`POST ${customerApi}accounts/`]: () =>
          ++answers === 1
            ? { status: 400, body: { external_id: ['Account with provided external ID already exists'] } }
            : { status: 201, body: adaWithAccounts.accounts[0] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Account' }));
    await user.click(dialog.getByRole('button', { name: 'Add Account' }));
    expect(await dialog.findByText('Amount Due is Required')).toBeInTheDocument();
    expect(api.callsTo(`POST ${customerApi}accounts/`)).toHaveLength(0);

    await user.type(dialog.getByLabelText('Account Number'), 'A-1');
    await user.type(dialog.getByLabelText('Amount Due', { exact: false }), '150');
    await user.type(dialog.getByLabelText('Due Date'), '01/15/2027');
    await user.selectOptions(dialog.getByLabelText('Cadence'), 'Monthly');
    await user.type(dialog.getByLabelText('Vehicle Year'), '2021');
    await user.type(dialog.getByLabelText('Vehicle Make'), 'Honda');
    await user.click(dialog.getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await user.click(dialog.getByRole('button', { name: 'Add Account' }));
    expect(await dialog.findByText('Account with provided external ID already exists')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Account Number'));
    await user.type(dialog.getByLabelText('Account Number'), 'A-2');
    await user.click(dialog.getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = api.callsTo(`POST ${customerApi}accounts/`);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({
      external_id: 'A-2',
      status: 'active',
      amount_due: '150',
      due_date: '2027-01-15',
      cadence: 'monthly',
      vehicle_year: '2021',
      vehicle_make: 'Honda',
      vehicle_model: '',
      location: null,
      tags: [TAG_VIP],
    });
  });

  it('edits an account from its current values and keeps its location', async () => {
    const { api, user } = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: { [`PUT ${customerApi}accounts/acct-1/`]: { body: adaWithAccounts.accounts[0] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Account A-1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Account' }));
    const amount = dialog.getByLabelText('Amount Due', { exact: false });
    expect(amount).toHaveValue('125.50');
    expect(dialog.getByLabelText('Due Date')).toHaveValue('12/05/2026');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.selectOptions(dialog.getByLabelText('Status'), 'Closed');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${customerApi}accounts/acct-1/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${customerApi}accounts/acct-1/`)[0]?.body).toEqual({
      external_id: 'A-1',
      status: 'closed',
      amount_due: '200',
      due_date: '2026-12-05',
      cadence: 'biweekly',
      vehicle_year: '2019',
      vehicle_make: 'Toyota',
      vehicle_model: 'Camry',
      location: LOCATION_NORTH,
      tags: [TAG_VIP],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
