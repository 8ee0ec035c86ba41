import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch } from '../../../test/fetch-stub';
import {
  makeHomeSummary,
  makePromiseSummary,
  merchantA,
  signedInApi,
  storeSession,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Issue 14: Home shows real figures of what exists, not a promise of later releases.
const summaryPath = `GET /api/merchants/${merchantA.id}/home_summary/`;

const summary = makeHomeSummary({
  customers: 36,
  accounts: { active: 33, due_this_week: 9, past_due: 7 },
  conversations: { total: 25, waiting_for_reply: 4, unread_messages: 6 },
  texts: { received: 14, delivered: 30, sent: 3, queued: 1, failed: 5 },
  auto_messages: { sent: 10, skipped: 2 },
  latest_batch: {
    id: 'batch-9',
    batch_name: 'Storm Closure',
    message: 'Closed tomorrow',
    message_template_id: null,
    template_name: null,
    is_csv_imported: true,
    recipient_count: 12,
    created: '2026-11-19T02:52:00.000Z',
    created_by: 'Taylor Staff',
    canceled: '2026-11-19T03:04:00.000Z',
    counts: { pending: 0, queued: 0, sent: 0, delivered: 8, failed: 1, canceled: 3 },
  },
});

function openHome(reply: Parameters<typeof stubFetch>[0][string]) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  stubWebSocket();
  const calls = stubFetch({ ...signedInApi({ profile: memberProfile(['staff']) }), [summaryPath]: reply });
  return { calls, ...renderApp('/') };
}

/** The number shown for a figure, found by its name. */
function figure(section: HTMLElement, name: string) {
  const term = within(section).getByText(name, { selector: 'dt, dt *' }).closest('dt')!;
  return term.nextElementSibling?.textContent;
}

describe('Home overview', () => {
  it('shows the merchant’s figures, each leading to the page that lists it', async () => {
    const { calls } = openHome({ body: summary });
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    const people = await screen.findByRole('region', { name: 'Customers and Accounts' });
    expect(figure(people, 'Customers')).toBe('36');
    expect(figure(people, 'Past Due')).toBe('7');
    expect(within(people).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/`,
    );
    const talk = screen.getByRole('region', { name: 'Conversations' });
    expect(figure(talk, 'Waiting for a Reply')).toBe('4');
    expect(within(talk).getByRole('link', { name: 'Waiting for a Reply' })).toHaveAttribute(
      'href',
      '/missed-messages',
    );
    expect(within(talk).getByRole('link', { name: 'Unread Texts' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/inbox`,
    );
    const texts = screen.getByRole('region', { name: 'Texts in the Last 30 Days' });
    expect(
      ['Delivered', 'Sent', 'Queued', 'Failed to send'].map((name) => [name, figure(texts, name)]),
    ).toEqual([
      ['Delivered', '30'],
      ['Sent', '3'],
      ['Queued', '1'],
      ['Failed to send', '5'],
    ]);
    const batch = screen.getByRole('region', { name: 'Latest Mass Text' });
    expect(within(batch).getByRole('link', { name: 'Storm Closure' })).toHaveAttribute(
      'href',
      '/message-report/batch-9/details',
    );
    expect(within(batch).getByText(/12 recipients: 8 Delivered/)).toBeInTheDocument();
    expect(screen.queryByText(/later releases/)).not.toBeInTheDocument();
    expect(calls.callsTo(summaryPath)).toHaveLength(1);
  });

  it('says so when nothing has been sent yet', async () => {
    openHome({ body: makeHomeSummary() });
    const batch = await screen.findByRole('region', { name: 'Latest Mass Text' });
    expect(within(batch).getByText('No mass text has been sent yet.')).toBeInTheDocument();
  });

  it('shows an alert when the figures cannot be read', async () => {
    openHome({ status: 500, body: { detail: 'boom' } });
    expect(await screen.findByText('The overview could not be loaded.')).toBeInTheDocument();
  });

  it('opens on Today: replies waiting, promises due, failed payments and texts, the autopay run, each a link', async () => {
    storeSession();
    window.localStorage.setItem('paylane.merchant_id', merchantA.id);
    stubWebSocket();
    const merchant = `/api/merchants/${merchantA.id}/`;
    stubFetch({
      ...signedInApi({ profile: memberProfile(['staff']) }),
      [summaryPath]: { body: summary },
      [`GET ${merchant}inbox/counts/`]: { body: { needs_reply: 3, unread: 6 } },
      [`GET ${merchant}promise_summary/`]: { body: makePromiseSummary({ due_today: 2 }) },
      [`GET ${merchant}failed-actions/`]: { body: { count: 4, next: null, previous: null, results: [] } },
      [`GET ${merchant}autopay_summary/`]: {
        body: {
          start: '',
          end: '',
          enrolled: 9,
          charged: 5,
          charged_cents: 61_250,
          failed: 1,
          failed_cents: 9_900,
          days: [],
        },
      },
    });
    renderApp('/');
    const today = await screen.findByRole('region', { name: 'Today' });
    const card = (name: string) => within(today).getByRole('link', { name }).parentElement!;
    await within(today).findByText('3');
    expect(within(today).getByRole('link', { name: 'Replies waiting' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/inbox?view=needs_reply`,
    );
    expect(card('Promises due today')).toHaveTextContent('2');
    expect(card('Failed payments')).toHaveTextContent('4');
    expect(within(today).getByRole('link', { name: 'Failed payments' })).toHaveAttribute(
      'href',
      '/failed-payments',
    );
    expect(card('Failed texts')).toHaveTextContent('5last 30 days');
    expect(card('Autopay today')).toHaveTextContent('5$612.50 · 1 failed');
    // The navigation counts the open failed actions beside their page, as it counts the inbox's unread.
    expect(await screen.findByRole('link', { name: 'Failed Actions, 4 open' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inbox, 6 unread' })).toBeInTheDocument();
  });
});
