import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentPromise } from '@paylane/shared/contracts/promises';
import { describe, expect, it } from 'vitest';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import {
  makePromiseSummary,
  makeScheduledSummary,
  merchantA,
  signedInApi,
  storeSession,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { makePromise, scheduledPromise } from '../../../test/promise-fixtures';

// /promises (issue 17 item 4): every member's list of the merchant's promises to pay, with Confirmed /
// Unconfirmed, the outcome, the promised days and a search in the address; Confirm and Cancel on open rows;
// and Home's two promise figures leading here.

const listApi = `GET /api/merchants/${merchantA.id}/promises/`;
const confirmApi = `POST /api/merchants/${merchantA.id}/customers/cust-1/accounts/acct-1/promises/promise-1/confirm/`;
const cancelApi = `POST /api/merchants/${merchantA.id}/cancel_scheduled_payment/`;

type Handlers = Parameters<typeof stubFetch>[0];

function open(path: string, handlers: Handlers) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  stubWebSocket();
  const api = stubFetch({ ...signedInApi({ profile: memberProfile(['staff']) }), ...handlers });
  return { api, ...renderApp(path) };
}

const lastList = (api: ReturnType<typeof stubFetch>) => api.callsTo(listApi).at(-1)!.search;
const addressOf = (location: () => string) => new URL(location(), 'http://localhost').searchParams;

const grace = {
  ...scheduledPromise(),
  customer: { id: 'cust-2', first_name: 'Grace', last_name: 'Hopper' },
  account: { id: 'acct-2', external_id: 'B-7' },
  outcome: 'kept' as const,
  paid_cents: 10_000,
};

describe('/promises', () => {
  it('lists each promise: customer link, account, promised time on the merchant’s clock, money, status, outcome', async () => {
    const { api } = open('/promises', { [listApi]: { body: page([makePromise(), grace]) } });
    const table = await screen.findByRole('table', { name: 'Promises' });
    expect(screen.getByRole('heading', { level: 1, name: 'Promises' })).toBeInTheDocument();
    const ada = await within(table).findByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    for (const text of ['A-1', '07/10/2027 3:00 PM CDT', '$100.00', 'Unconfirmed', 'Open', '$0.00']) {
      expect(within(ada).getByText(text)).toBeInTheDocument();
    }
    const kept = within(table).getByRole('row', { name: /Grace Hopper/ });
    for (const text of ['B-7', 'Confirmed', 'Kept', 'Visa XXXX4242']) {
      expect(within(kept).getByText(text)).toBeInTheDocument();
    }
    // A decided promise has nothing left to do.
    expect(within(kept).queryByRole('button')).not.toBeInTheDocument();
    const first = lastList(api);
    expect(first.get('page')).toBe('1');
    expect(first.get('page_size')).toBe('25');
    expect(first.has('confirmation')).toBe(false);
    expect(first.has('start')).toBe(false);
  });

  it('filters by Confirmed / Unconfirmed, outcome, promised days and search, kept in the address', async () => {
    const { api, user, location } = open('/promises?outcome=open', {
      [listApi]: { body: page([makePromise()]) },
    });
    await screen.findByRole('table', { name: 'Promises' });
    expect(lastList(api).get('outcome')).toBe('open');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unconfirmed' }));
    await waitFor(() => expect(lastList(api).get('confirmation')).toBe('unconfirmed'));
    expect(lastList(api).get('outcome')).toBe('open');

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Broken' }));
    await waitFor(() => expect(lastList(api).get('outcome')).toBe('broken'));

    await user.click(screen.getByRole('combobox', { name: 'Promised date' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));
    await waitFor(() => expect(lastList(api).get('start')).toBeTruthy());
    expect(lastList(api).get('end')).toBe(lastList(api).get('start'));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Lovelace');
    await waitFor(() => expect(lastList(api).get('like')).toBe('Lovelace'));
    await waitFor(() => expect(addressOf(location).get('like')).toBe('Lovelace'));
    const address = addressOf(location);
    expect(address.get('confirmation')).toBe('unconfirmed');
    expect(address.get('outcome')).toBe('broken');
    expect(address.get('range')).toBe('today');
  });

  it('confirms an Unconfirmed promise and cancels a scheduled payment after asking', async () => {
    const listed: { rows: PaymentPromise[] } = {
      rows: [makePromise(), scheduledPromise({ customer: grace.customer, account: grace.account })],
    };
    const { api, user } = open('/promises', {
      [listApi]: () => ({ body: page(listed.rows) }),
      [confirmApi]: () => {
        listed.rows = [makePromise({ status: 'PROMISE_CONFIRMED' }), listed.rows[1]!];
        return { body: listed.rows[0] };
      },
      [cancelApi]: (request: StubRequest) => {
        listed.rows = [listed.rows[0]!, { ...listed.rows[1]!, outcome: 'cancelled' }];
        return { body: { ...listed.rows[1]!, id: (request.body as { payment: string }).payment } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Promises' });
    await user.click(
      await within(table).findByRole('button', {
        name: 'Confirm the promise of Ada Lovelace on Account A-1',
      }),
    );
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(await within(ada).findByText('Confirmed')).toBeInTheDocument();
    expect(api.callsTo(confirmApi)).toHaveLength(1);

    await user.click(
      within(table).getByRole('button', {
        name: 'Cancel the scheduled payment of Grace Hopper on Account B-7',
      }),
    );
    const ask = within(await screen.findByRole('dialog', { name: 'Cancel Scheduled Payment' }));
    expect(ask.getByText(/Nothing will be charged/)).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Cancel Scheduled Payment' }));
    const graceRow = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(await within(graceRow).findByText('Cancelled')).toBeInTheDocument();
    expect(api.callsTo(cancelApi).map((call) => call.body)).toEqual([{ payment: 'promise-2' }]);
  });
});

describe('Home', () => {
  it('shows the promise and scheduled-payment figures, each leading to /promises', async () => {
    const { user, location } = open('/', {
      [`GET /api/merchants/${merchantA.id}/promise_summary/`]: {
        body: makePromiseSummary({
          open: 7,
          unconfirmed: 3,
          due_today: 2,
          kept_30_days: 5,
          broken_30_days: 1,
        }),
      },
      [`GET /api/merchants/${merchantA.id}/scheduled_summary/`]: {
        body: makeScheduledSummary({
          scheduled: 4,
          scheduled_cents: 52_500,
          due_next_7_days: 2,
          due_next_7_days_cents: 20_000,
          failed_30_days: 1,
        }),
      },
      [listApi]: { body: page([]) },
    });
    const figures = await screen.findByRole('region', { name: 'Promises to Pay' });
    const openPromises = await within(figures).findByRole('link', { name: 'Open Promises' });
    expect(within(figures).getByText('7')).toBeInTheDocument();
    expect(
      within(figures).getByText(
        /3 Unconfirmed · 2 due today · last 30 days: 5 kept, 0 partially kept, 1 broken/,
      ),
    ).toBeInTheDocument();
    expect(within(figures).getByText('4')).toBeInTheDocument();
    expect(
      within(figures).getByText(/\$525\.00 scheduled · 2 due in 7 days \(\$200\.00\) · 1 failed/),
    ).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Scheduled Payments' })).toHaveAttribute(
      'href',
      '/promises?outcome=open',
    );
    await user.click(openPromises);
    await screen.findByRole('heading', { level: 1, name: 'Promises' });
    expect(location()).toMatch(/^\/promises\?outcome=open/);
  });
});
