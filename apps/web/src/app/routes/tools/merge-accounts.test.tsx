import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { accountRef, accountRow, api, page, ref, searched, signedIn } from './merge-test-fixtures';

const ann = ref('cust-ann', 'Ann', 'Lee', 'C-1', '+15125551001');
const cy = ref('cust-cy', 'Cy', 'Park', 'C-2', '+15125551002');
const keep = accountRow('acct-keep', 'ACC-1', ann);
const lose = accountRow('acct-lose', 'ACC-2', cy, 'inactive');
// An account with a co-borrower comes back once per holder; the picker lists it once.
const loseCoBorrowed = accountRow('acct-lose', 'ACC-2', ann, 'inactive');
const rows = [keep, lose, loseCoBorrowed];
const keepLabel = 'Account ACC-1 · Ann Lee · Active';
const loseLabel = 'Account ACC-2 · Cy Park · Inactive';

const moves = { tags: 1, co_borrowers: 2, notes: 1 };
const fills = { vehicle_year: 2019, vehicle_model: 'Camry' };
const preview = {
  survivor: accountRef(keep, ann),
  merged: { ...accountRef(lose, cy), vehicle_year: 2019, vehicle_make: 'Toyota', vehicle_model: 'Camry' },
  moves,
  fills,
};

// Without a search only the second account is listed (a first page): the first is found by searching.
const accountSearch = {
  [`POST ${api}/customer_accounts/`]: (request: StubRequest) => {
    const { search } = request.body as { search?: string };
    const label = (row: (typeof rows)[number]) =>
      `${row.account_external_id} ${row.first_name} ${row.last_name}`;
    return { body: page(search ? searched(rows, label)(search) : [lose, loseCoBorrowed]) };
  },
};

async function pick(user: UserEvent, label: string, text: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.clear(box);
  await user.type(box, text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/tools/merge-accounts', () => {
  it('picks both accounts, previews, confirms, merges and links to the survivor’s customer', async () => {
    const calls = signedIn(['admin'], {
      ...accountSearch,
      [`POST ${api}/merge_accounts/preview/`]: { body: preview },
      [`POST ${api}/merge_accounts/`]: {
        body: {
          survivor: keep.account,
          survivor_customer: ann.id,
          merged: lose.account,
          moved: moves,
          filled: fills,
        },
      },
    });
    const { user } = renderApp('/tools/merge-accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merge Accounts' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await pick(user, 'Account to keep', 'ACC-1', keepLabel);
    await waitFor(() =>
      expect(calls.callsTo(`POST ${api}/customer_accounts/`).map((call) => call.body)).toContainEqual({
        search: 'ACC-1',
        page: 1,
        page_size: 20,
      }),
    );
    const box = screen.getByRole('combobox', { name: 'Account to merge' });
    await user.type(box, 'ACC-2');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([loseLabel]));
    await user.click(screen.getByRole('option', { name: loseLabel }));

    const card = await screen.findByRole('region', { name: 'Preview' });
    expect(calls.callsTo(`POST ${api}/merge_accounts/preview/`).at(-1)?.body).toEqual({
      survivor: keep.account,
      merged: lose.account,
    });
    expect(card).toHaveTextContent('Inactive · $125.50 due 12/05/2026 · 2019 Toyota Camry');
    const cells = (name: string) =>
      within(within(card).getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(cells('What moves')).toEqual([
      ['Tags', '1'],
      ['Co-borrowers', '2'],
      ['Notes', '1'],
    ]);
    expect(cells('Empty fields filled')).toEqual([
      ['Vehicle Year', '2019'],
      ['Vehicle Model', 'Camry'],
    ]);
    expect(card).toHaveTextContent('Payments stay on the merged account until payments can be moved.');

    await user.click(screen.getByRole('button', { name: 'Merge Accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Accounts' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to merge Account ACC-2 into Account ACC-1? Account ACC-2 will be closed. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(
      'Account ACC-2 was merged into Account ACC-1: 1 tag, 2 co-borrowers, 1 note moved.',
    );
    expect(within(done).getByRole('link', { name: 'Open Ann Lee · C-1 · (512) 555-1001' })).toHaveAttribute(
      'href',
      `/merchants/merchant-a/customers/${ann.id}`,
    );
    expect(calls.callsTo(`POST ${api}/merge_accounts/`).map((call) => call.body)).toEqual([
      { survivor: keep.account, merged: lose.account },
    ]);
  });

  it('refuses the same account twice, and shows an account merged before beside its picker', async () => {
    const calls = signedIn(['admin'], {
      ...accountSearch,
      [`POST ${api}/merge_accounts/preview/`]: {
        status: 400,
        body: { survivor: ['This account has already been merged'] },
      },
    });
    const { user } = renderApp('/tools/merge-accounts');
    await screen.findByRole('heading', { level: 1, name: 'Merge Accounts' });
    await pick(user, 'Account to keep', 'ACC-1', keepLabel);
    await pick(user, 'Account to merge', 'ACC-1', keepLabel);
    expect(await screen.findByText('Choose two different accounts to merge')).toBeVisible();
    expect(calls.callsTo(`POST ${api}/merge_accounts/preview/`)).toHaveLength(0);

    await pick(user, 'Account to merge', 'ACC-2', loseLabel);
    expect(await screen.findByText('This account has already been merged')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Account to keep' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Choose two different accounts to merge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Merge Accounts' })).toBeDisabled();
  });

  it('sends staff home: merging needs mergeRecords', async () => {
    signedIn(['staff'], accountSearch);
    const { location } = renderApp('/tools/merge-accounts');
    await waitFor(() => expect(location()).toBe('/'));
  });
});
