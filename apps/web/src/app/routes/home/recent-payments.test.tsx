import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { makeReportTransaction } from '../payment-report/payment-report-fixtures';

const recentApi = `GET /api/merchants/${merchantA.id}/recent_payments/`;

const ada = makeReportTransaction();
const grace = makeReportTransaction({
  id: 'txn-2',
  status: 'PAID',
  customer: { id: 'cust-2', first_name: 'Grace', last_name: 'Hopper', external_id: 'C-200' },
  account: { id: 'acct-2', account_number: 'A-3001' },
  payment: { ...ada.payment, id: 'pay-2', method_label: 'Cash', total_amount_cents: 4_000 },
});

function openHome() {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']) }),
    [recentApi]: (request: StubRequest) => {
      const like = request.search.get('like')?.toLowerCase();
      const results = [ada, grace].filter(
        (row) =>
          !like || `${row.customer?.first_name} ${row.customer?.last_name}`.toLowerCase().includes(like),
      );
      return { body: { results } };
    },
  });
  return { api, ...renderApp('/') };
}

describe("Home's recent payments", () => {
  it("lists today's payments, each leading to its customer, and searches them", async () => {
    const { api, user, location } = openHome();
    const section = await screen.findByRole('region', { name: 'Recent Payments' });
    const table = within(section).getByRole('table', { name: 'Recent payments' });
    const adaRow = await within(table).findByRole('row', { name: /Ada Lovelace/ });
    expect(adaRow).toHaveTextContent('A-2001');
    expect(adaRow).toHaveTextContent('$257.50');
    expect(adaRow).toHaveTextContent('Paid');
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('Cash');
    expect(within(adaRow).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    expect(api.callsTo(recentApi)[0]!.search.has('like')).toBe(false);

    await user.type(within(section).getByRole('textbox', { name: 'Search recent payments' }), 'grace');
    await waitFor(() => expect(api.callsTo(recentApi).at(-1)!.search.get('like')).toBe('grace'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Ada Lovelace/ })).toBeNull());
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toBeInTheDocument();

    await user.type(within(section).getByRole('textbox', { name: 'Search recent payments' }), 'zzz');
    expect(await within(section).findByText('No Results Found')).toBeInTheDocument();
    expect(within(section).getByText('No payment of today matches the search.')).toBeInTheDocument();

    await user.clear(within(section).getByRole('textbox', { name: 'Search recent payments' }));
    await user.click(
      within(await within(table).findByRole('row', { name: /Grace Hopper/ })).getByRole('cell', {
        name: 'Cash',
      }),
    );
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/customers/cust-2`));
  });

  it('says so when recent payments cannot be loaded, and the figures still show', async () => {
    storeSession();
    window.localStorage.setItem('paylane.merchant_id', merchantA.id);
    stubFetch({
      ...signedInApi({ profile: memberProfile(['staff']) }),
      [recentApi]: { status: 500, body: { detail: 'Oops! Something Went Wrong...' } },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Recent Payments' });
    expect(await within(section).findByText('Recent payments could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Customers and Accounts' })).toBeInTheDocument();
  });
});
