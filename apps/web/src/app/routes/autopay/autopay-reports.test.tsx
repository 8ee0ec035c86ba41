import { screen, waitFor, within } from '@testing-library/react';
import type { AutopayFailure, AutopaySummary } from '@paylane/shared/contracts/autopay';
import { describe, expect, it } from 'vitest';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// The autopay reports (issue 18 item 5): /autopay-summary (enrolled, charged, failed, amounts by day) and
// /{merchantID}/autopay-failures (each failed charge with its customer, account, reason and attempt), both with
// the shared date-range picker, whose days are sent as start and end.

const summaryApi = `GET /api/merchants/${merchantA.id}/autopay_summary/`;
const failuresApi = `GET /api/merchants/${merchantA.id}/autopay_failures/`;

type Handlers = Parameters<typeof stubFetch>[0];

function open(path: string, handlers: Handlers) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  stubWebSocket();
  const api = stubFetch({ ...signedInApi({ profile: memberProfile(['staff']) }), ...handlers });
  return { api, ...renderApp(path) };
}

const summary: AutopaySummary = {
  start: '2026-10-29',
  end: '2026-11-27',
  enrolled: 12,
  charged: 9,
  charged_cents: 405_000,
  failed: 2,
  failed_cents: 61_500,
  days: [{ date: '2026-11-05', charged: 9, charged_cents: 405_000, failed: 2, failed_cents: 61_500 }],
};

const failure: AutopayFailure = {
  id: 'run-1',
  customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace' },
  account: { id: 'acct-1', external_id: 'A-1' },
  due_date: '2026-11-05',
  attempt: 2,
  amount_cents: 30_750,
  payment_id: 'pay-1',
  failure_code: 'insufficient_funds',
  reason: 'Your card has insufficient funds.',
  next_attempt_at: '2026-11-08T06:00:00.000Z',
  created: '2026-11-06T12:00:00.000Z',
};

describe('/autopay-summary', () => {
  it('shows enrolled, charged and failed with their amounts and each day; the range picks the days', async () => {
    const { api, user } = open('/autopay-summary', { [summaryApi]: { body: summary } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Autopay Summary' })).toBeInTheDocument();
    const enrolled = within(await screen.findByRole('region', { name: 'Enrolled' }));
    expect(enrolled.getByText('12')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Charged' })).getByText('$4,050.00'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Failed' })).getByText('$615.00')).toBeInTheDocument();
    const day = within(screen.getByRole('table', { name: 'Autopay by day' })).getByRole('row', {
      name: /11\/05\/2026/,
    });
    expect(within(day).getByText('$4,050.00')).toBeInTheDocument();
    const first = api.callsTo(summaryApi)[0]!.search;
    expect(first.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: 'Today' }));
    await waitFor(() => {
      const last = api.callsTo(summaryApi).at(-1)!.search;
      expect(last.get('start')).toBe(last.get('end'));
    });
  });
});

describe('/{merchantID}/autopay-failures', () => {
  it('lists each failed charge with its customer link, account, attempt, amount, reason and next attempt', async () => {
    const { api } = open(`/${merchantA.id}/autopay-failures`, { [failuresApi]: { body: page([failure]) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Autopay Failures' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Autopay failures' });
    const row = await within(table).findByRole('row', { name: /Ada Lovelace/ });
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    for (const text of ['A-1', '11/05/2026', '2', '$307.50', 'Your card has insufficient funds.']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(api.callsTo(failuresApi)[0]!.search.get('page')).toBe('1');
  });
});
