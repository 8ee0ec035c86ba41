import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { api, listItem, page, ref, searched, signedIn } from './merge-test-fixtures';

const ann = ref('cust-ann', 'Ann', 'Survivor', 'S-1', '+15125551001');
const annie = ref('cust-annie', 'Annie', 'Survivor', 'M-1', '+15125551002');
const bob = ref('cust-bob', 'Bob', 'Other', 'B-1', '+15125551003');
const customers = [ann, annie, bob];
const annLabel = 'Ann Survivor · S-1 · (512) 555-1001';
const annieLabel = 'Annie Survivor · M-1 · (512) 555-1002';

const moves = {
  accounts: 2,
  co_borrowed_accounts: 1,
  co_borrower_links_dropped: 3,
  notes: 2,
  payment_methods: 1,
};
const fills = { email: 'annie@example.test', date_of_birth: '1980-02-03', email_opted_out: true };
const preview = { survivor: ann, merged: annie, moves, fills };

// Without a search only Bob is listed (a first page), so the others are found by searching on the server.
const customerSearch = {
  [`GET ${api}/customers/`]: (request: StubRequest) => {
    const search = request.search.get('search');
    const found = search
      ? searched(customers, (c) => `${c.first_name} ${c.last_name} ${c.external_id}`)(search)
      : [bob];
    return { body: page(found.map(listItem)) };
  },
};

async function pick(user: UserEvent, label: string, text: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.clear(box);
  await user.type(box, text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/tools/merge-customers', () => {
  it('picks both customers, previews what moves and fills, confirms, merges and links to the survivor', async () => {
    const calls = signedIn(['admin'], {
      ...customerSearch,
      [`POST ${api}/merge_customers/preview/`]: { body: preview },
      [`POST ${api}/merge_customers/`]: {
        body: { survivor: ann.id, merged: annie.id, moved: moves, filled: fills },
      },
    });
    const { user } = renderApp('/tools/merge-customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merge Customers' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Merge Customers' })).toBeDisabled();

    await pick(user, 'Customer to keep', 'Ann ', annLabel);
    expect(calls.callsTo(`GET ${api}/customers/`).some((call) => call.search.get('search') === 'Ann')).toBe(
      true,
    );
    await pick(user, 'Customer to merge', 'M-1', annieLabel);

    const card = await screen.findByRole('region', { name: 'Preview' });
    expect(calls.callsTo(`POST ${api}/merge_customers/preview/`).at(-1)?.body).toEqual({
      survivor: ann.id,
      merged: annie.id,
    });
    const rows = (name: string) =>
      within(within(card).getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(rows('What moves')).toEqual([
      ['Accounts', '2'],
      ['Co-borrowed accounts', '1'],
      ['Notes', '2'],
      ['Payment methods', '1'],
      ['Co-borrower links dropped as duplicates', '3'],
    ]);
    expect(rows('Empty fields filled')).toEqual([
      ['Email', 'annie@example.test'],
      ['Date of Birth', '02/03/1980'],
      ['Opted out of emails', 'Yes'],
    ]);
    expect(within(card).getByText(annLabel)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Merge Customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Customers' });
    expect(dialog).toHaveTextContent(
      `Are you sure you want to merge ${annieLabel} into ${annLabel}? ${annieLabel} will be voided. This cannot be undone.`,
    );
    expect(calls.callsTo(`POST ${api}/merge_customers/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Customers merged');
    expect(done).toHaveTextContent(
      `${annieLabel} was merged into ${annLabel}: 2 accounts, 1 co-borrowed account, 2 notes, 1 payment method moved.`,
    );
    expect(within(done).getByRole('link', { name: 'Open Ann Survivor' })).toHaveAttribute(
      'href',
      `/merchants/merchant-a/customers/${ann.id}`,
    );
    expect(calls.callsTo(`POST ${api}/merge_customers/`).map((call) => call.body)).toEqual([
      { survivor: ann.id, merged: annie.id },
    ]);
    // The pickers are cleared for the next merge.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Customer to keep' })).toHaveValue('');
  });

  it('refuses the same customer twice in the server’s words, without asking the server', async () => {
    const calls = signedIn(['admin'], customerSearch);
    const { user } = renderApp('/tools/merge-customers');
    await screen.findByRole('heading', { level: 1, name: 'Merge Customers' });
    await pick(user, 'Customer to keep', 'Ann ', annLabel);
    await pick(user, 'Customer to merge', 'Ann ', annLabel);
    expect(await screen.findByText('Choose two different customers to merge')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Customer to merge' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.callsTo(`POST ${api}/merge_customers/preview/`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Merge Customers' })).toBeDisabled();
  });

  it('shows a refused preview beside its picker, and a merge lost to another beside the picker too', async () => {
    let mergedVoided = false;
    const calls = signedIn(['admin'], {
      ...customerSearch,
      [`POST ${api}/merge_customers/preview/`]: (request) =>
        (request.body as { merged: string }).merged === bob.id
          ? { status: 400, body: { merged: ['This customer has been voided'] } }
          : { body: preview },
      [`POST ${api}/merge_customers/`]: () => {
        mergedVoided = true;
        return { status: 400, body: { merged: ['This customer has been voided'] } };
      },
    });
    const { user } = renderApp('/tools/merge-customers');
    await screen.findByRole('heading', { level: 1, name: 'Merge Customers' });
    await pick(user, 'Customer to keep', 'Ann ', annLabel);
    await pick(user, 'Customer to merge', 'Bob', 'Bob Other · B-1 · (512) 555-1003');
    expect(await screen.findByText('This customer has been voided')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Customer to merge' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();

    await pick(user, 'Customer to merge', 'Annie', annieLabel);
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.queryByText('This customer has been voided')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Merge Customers' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('This customer has been voided')).toBeVisible();
    expect(mergedVoided).toBe(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls.callsTo(`POST ${api}/merge_customers/`)).toHaveLength(1);
  });

  it('shows a record that is not the merchant’s above the pickers', async () => {
    signedIn(['admin'], {
      ...customerSearch,
      [`POST ${api}/merge_customers/preview/`]: { status: 404, body: { detail: 'Not found.' } },
    });
    const { user } = renderApp('/tools/merge-customers');
    await screen.findByRole('heading', { level: 1, name: 'Merge Customers' });
    await pick(user, 'Customer to keep', 'Ann ', annLabel);
    await pick(user, 'Customer to merge', 'Annie', annieLabel);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });

  it('sends staff home: merging needs mergeRecords', async () => {
    signedIn(['staff'], customerSearch);
    const { location } = renderApp('/tools/merge-customers');
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Merge Customers' })).not.toBeInTheDocument();
  });
});
