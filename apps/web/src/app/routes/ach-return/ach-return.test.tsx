import { screen, waitFor, within } from '@testing-library/react';
import type { AchReturn, ReturnRates } from '@paylane/shared/contracts/bank-returns';
import { describe, expect, it } from 'vitest';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// /ach-return (issue 18 item 3): the merchant's returned bank payments — customer, account, amount, code,
// reason, date, what was done — with the shared date-range picker and a code filter, and the return-rate gauge
// against the network thresholds.

const reportApi = `GET /api/merchants/${merchantA.id}/ach_return_report/`;
const ratesApi = `GET /api/merchants/${merchantA.id}/ach_return_rates/`;

type Handlers = Parameters<typeof stubFetch>[0];

function open(handlers: Handlers) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  const api = stubFetch({ ...signedInApi({ profile: memberProfile(['staff']) }), ...handlers });
  return { api, ...renderApp('/ach-return') };
}

const makeReturn = (overrides: Partial<AchReturn> = {}): AchReturn => ({
  id: 'ret-1',
  transaction_id: 'pay-1',
  customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace', external_id: 'C-1' },
  account: { id: 'acct-1', external_id: 'A-1' },
  amount_cents: 10_000,
  code: 'R01',
  reason: 'Insufficient funds',
  returned_at: '2027-07-10T17:00:00.000Z',
  was_settled: false,
  action: 'represent',
  action_taken: 'Re-presented (1 of 2)',
  represent_number: 1,
  represent_transaction_id: 'pay-2',
  ...overrides,
});

const rates = (unauthorized: number): ReturnRates => ({
  window_days: 60,
  since: '2027-05-11T17:00:00.000Z',
  debits: 200,
  rates: [
    {
      category: 'unauthorized',
      codes: ['R05', 'R07', 'R10', 'R11', 'R29'],
      returns: unauthorized,
      rate_percent: unauthorized / 2,
      threshold_percent: 0.5,
      is_over: unauthorized / 2 > 0.5,
    },
    {
      category: 'administrative',
      codes: ['R02', 'R03', 'R04'],
      returns: 1,
      rate_percent: 0.5,
      threshold_percent: 3,
      is_over: false,
    },
    { category: 'overall', codes: [], returns: 4, rate_percent: 2, threshold_percent: 15, is_over: false },
  ],
});

describe('/ach-return', () => {
  it('lists each return with what was done, and opens the customer from its name', async () => {
    const r10 = makeReturn({
      id: 'ret-2',
      customer: { id: 'cust-2', first_name: 'Grace', last_name: 'Hopper', external_id: null },
      account: { id: 'acct-2', external_id: 'B-7' },
      code: 'R10',
      reason: 'Customer advises not authorized',
      was_settled: true,
      action: 'stop_autopay',
      action_taken: 'Autopay stopped',
    });
    const { api } = open({
      [reportApi]: { body: page([makeReturn(), r10]) },
      [ratesApi]: { body: rates(0) },
    });
    const table = await screen.findByRole('table', { name: 'ACH Returns' });
    expect(screen.getByRole('heading', { level: 1, name: 'ACH Returns' })).toBeInTheDocument();
    const ada = await within(table).findByRole('row', { name: /Ada Lovelace/ });
    for (const text of ['A-1', '$100.00', 'R01', 'Insufficient funds', 'Re-presented (1 of 2)'])
      expect(within(ada).getByText(text)).toBeInTheDocument();
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    for (const text of ['B-7', 'R10', 'Autopay stopped', 'Yes'])
      expect(within(grace).getByText(text)).toBeInTheDocument();
    // The shared date-range picker starts on the last 30 days; both ends are sent.
    const first = api.callsTo(reportApi).at(-1)!.search;
    expect(first.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.get('end')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.has('code')).toBe(false);
  });

  it('filters by return code', async () => {
    const { api, user } = open({
      [reportApi]: { body: page([makeReturn()]) },
      [ratesApi]: { body: rates(0) },
    });
    await screen.findByRole('table', { name: 'ACH Returns' });
    await user.click(screen.getByRole('combobox', { name: 'Return code' }));
    await user.click(await screen.findByRole('option', { name: 'R02 Account closed' }));
    await waitFor(() => expect(api.callsTo(reportApi).at(-1)!.search.get('code')).toBe('R02'));
  });

  it('shows each return rate against its threshold, and says when one is over', async () => {
    open({ [reportApi]: { body: page([]) }, [ratesApi]: { body: rates(2) } });
    const unauthorized = await screen.findByRole('group', { name: 'Unauthorized returns' });
    expect(within(unauthorized).getByText('1.00 %')).toBeInTheDocument();
    expect(within(unauthorized).getByText('Over threshold')).toBeInTheDocument();
    expect(within(unauthorized).getByText(/threshold 0.5 %/)).toBeInTheDocument();
    const administrative = screen.getByRole('group', { name: 'Administrative returns' });
    expect(within(administrative).getByText('Under threshold')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('A return rate is over its network threshold.');
    expect(screen.getByText(/last 60 days: 200 bank debits/)).toBeInTheDocument();
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
  });
});
