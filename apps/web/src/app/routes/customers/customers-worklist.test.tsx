import { daysPastDue } from '@paylane/shared/past-due';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import {
  customerLookupHandlers,
  customersApi,
  LOCATION_SOUTH,
  makeListItem,
  memberProfile,
  page,
} from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Issue 20 "Tables for work" on the customer list: sort by money, days late, the count, filter chips and
// search as you type.

const listPath = `/merchants/${merchantA.id}/customers`;
const LATE_DUE_DATE = '2026-01-15';
const late = makeListItem({
  id: 'cust-late',
  first_name: 'Lena',
  last_name: 'Late',
  accounts: [
    {
      id: 'acct-l1',
      external_id: 'L-1',
      status: 'active',
      amount_due_cents: 30_000,
      due_date: LATE_DUE_DATE,
    },
    { id: 'acct-l2', external_id: 'L-2', status: 'pending', amount_due_cents: 5_000, due_date: '2999-03-01' },
  ],
});
const onTime = makeListItem({
  accounts: [
    { id: 'acct-1', external_id: 'A-1', status: 'active', amount_due_cents: 12_550, due_date: '2999-12-05' },
  ],
});

function openList(path = listPath, count?: number) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']) }),
    ...customerLookupHandlers,
    [`GET ${customersApi}`]: { body: page([late, onTime], count) },
  });
  const view = renderApp(path);
  const lastQuery = () =>
    Object.fromEntries((api.callsTo(`GET ${customersApi}`).at(-1) as StubRequest).search);
  return { api, lastQuery, ...view };
}

describe('customer list for work', () => {
  it('sorts by Amount Due on the server, smallest first then biggest, by Due Date and by Days late', async () => {
    const { user, lastQuery, location } = openList();
    await screen.findByRole('row', { name: /Lena Late/ });
    const amountHeader = screen.getByRole('columnheader', { name: /Amount Due/ });
    await user.click(within(amountHeader).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('amount_due'));
    await user.click(within(amountHeader).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('-amount_due'));
    expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
    expect(location()).toBe(`${listPath}?ordering=-amount_due`);
    await user.click(within(screen.getByRole('columnheader', { name: /Due Date/ })).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('due_date'));
    // Days late: the most late first, then the fewest.
    const lateHeader = screen.getByRole('columnheader', { name: /Days late/ });
    await user.click(within(lateHeader).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('-days_late'));
    await user.click(within(lateHeader).getByRole('button'));
    await waitFor(() => expect(lastQuery().ordering).toBe('days_late'));
  });

  it("shows the open accounts' total, earliest due date and the days late on the merchant's calendar", async () => {
    openList();
    const row = await screen.findByRole('row', { name: /Lena Late/ });
    // $300.00 + $50.00 over the active and the pending account; the active one's due date is the earliest.
    expect(within(row).getByText('$350.00')).toBeInTheDocument();
    expect(within(row).getByText('01/15/2026')).toBeInTheDocument();
    const days = daysPastDue(
      { status: 'active', amount_due_cents: 1, due_date: LATE_DUE_DATE },
      todayIn(merchantA.time_zone),
    );
    expect(within(row).getByText(String(days))).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Days late/ })).toBeInTheDocument();
    // Not late: the cell is blank (—).
    const onTimeRow = screen.getByRole('row', { name: /Ada Lovelace/ });
    const cells = within(onTimeRow).getAllByRole('cell');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(cells[headers.findIndex((text) => text?.startsWith('Days late'))]).toHaveTextContent('—');
  });

  it('says how many customers the search and filters found', async () => {
    openList(listPath, 1234);
    expect(await screen.findByText('1,234 customers')).toBeInTheDocument();
  });

  it('shows the filters as chips; a chip removes its filter and Clear all removes them all', async () => {
    const { user, lastQuery, location } = openList(
      `${listPath}?search=Ada&field=name&location=${LOCATION_SOUTH}&account_status=inactive&opted_out=true`,
    );
    await screen.findByRole('row', { name: /Lena Late/ });
    const chips = screen.getByRole('group', { name: 'Active filters' });
    for (const label of [
      'Name: Ada',
      'Location: South Lot',
      'Account Status: Inactive',
      'Opted Out: Opted out',
    ]) {
      expect(await within(chips).findByText(label)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Remove filter: Location: South Lot' }));
    await waitFor(() => expect(lastQuery().location).toBeUndefined());
    expect(lastQuery()).toMatchObject({ search: 'Ada', account_status: 'inactive', opted_out: 'true' });
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove filter: Name: Ada' }));
    await waitFor(() => expect(lastQuery().search).toBeUndefined());
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location()).toBe(listPath));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull());
  });

  it('searches as you type once the typing pauses, keeps the search in the address, one history entry', async () => {
    const { app, user, lastQuery, location } = openList();
    await screen.findByRole('row', { name: /Lena Late/ });
    const box = screen.getByRole('textbox', { name: 'Search customers' });
    await user.type(box, 'Len');
    // Not on each key: once, after the pause.
    expect(lastQuery().search).toBeUndefined();
    await waitFor(() => expect(lastQuery().search).toBe('Len'));
    expect(location()).toBe(`${listPath}?search=Len`);
    // The box keeps its focus and text while the list follows it.
    expect(box).toHaveFocus();
    await user.type(box, 'a');
    await waitFor(() => expect(lastQuery().search).toBe('Lena'));
    expect(box).toHaveValue('Lena');
    // Refining the search replaced its history entry: Back returns to the list before the search.
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(location()).toBe(listPath));
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
