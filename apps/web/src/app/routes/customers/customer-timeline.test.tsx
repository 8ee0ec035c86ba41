import { screen, waitFor, within } from '@testing-library/react';
import type { TimelineItem } from '@paylane/shared/contracts/customer-timeline';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';

const staff = memberProfile(['staff']);
const jane = { id: 'user-1', first_name: 'Jane', last_name: 'Doe' };
const at = '2026-07-04T20:05:00.000Z';
const base = { actor: null, account_id: null, at };

const message = (id: string, direction: 'inbound' | 'outbound', body: string, extra = {}): TimelineItem => ({
  ...base,
  id: `message:${id}`,
  type: 'message',
  kind: 'messages',
  message: {
    id,
    direction,
    channel: 'sms',
    body,
    status: direction === 'inbound' ? 'received' : 'delivered',
    error_code: null,
    attachment_count: 0,
  },
  ...extra,
});

const firstPage = {
  next: `http://localhost${customerApi}timeline/?cursor=c2&page_size=25`,
  previous: null,
  results: [
    message('m2', 'outbound', 'Thanks, see you Friday', { actor: jane }),
    {
      ...base,
      id: 'payment:p1',
      type: 'payment',
      kind: 'payments',
      actor: jane,
      account_id: 'acct-1',
      payment: {
        id: 'p1',
        status: 'PAID',
        is_misc: false,
        channel: 'staff',
        method_kind: 'card',
        method_label: 'Visa credit •••• 4242',
        amount_cents: 10_000,
        fee_cents: 295,
        refunded_cents: 0,
        failure_message: null,
        note: '',
      },
    },
    {
      ...base,
      id: 'note:n1',
      type: 'note',
      kind: 'notes',
      actor: jane,
      account_id: 'acct-1',
      note: {
        id: 'n1',
        body: 'Promised to pay Friday.',
        account_id: 'acct-1',
        author: jane,
        created: at,
        updated: at,
      },
    },
    message('m1', 'inbound', 'Can I pay Friday?'),
  ] satisfies TimelineItem[],
};
const lastPage = {
  next: null,
  previous: null,
  results: [
    {
      ...base,
      id: 'event:7',
      type: 'event',
      kind: 'history',
      at: '2026-01-02T15:00:00.000Z',
      event: {
        id: '7',
        kind: 'customer.updated',
        account_id: null,
        actor: null,
        details: { first_name: ['Ada', 'Adah'] },
        created: '2026-01-02T15:00:00.000Z',
      },
    },
  ] satisfies TimelineItem[],
};

const rowsOf = async () => {
  const list = within(await screen.findByRole('list', { name: 'Timeline' }));
  return list.getAllByRole('listitem').map((row) => row.textContent);
};

describe('customer timeline', () => {
  it('merges messages, payments, notes and history in one list, newest first, and loads older on demand', async () => {
    const { api, user } = openCustomerPage(`${customerPagePath}/timeline`, {
      profile: staff,
      handlers: {
        [`GET ${customerApi}timeline/`]: (request) => ({
          body: request.search.get('cursor') === 'c2' ? lastPage : firstPage,
        }),
      },
    });
    const tabs = within(await screen.findByRole('navigation', { name: 'Customer sections' }));
    await waitFor(() =>
      expect(tabs.getByRole('link', { name: 'Timeline' })).toHaveAttribute('aria-current', 'page'),
    );
    const rows = await rowsOf();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Text out');
    expect(rows[0]).toContain('Thanks, see you Friday · Delivered');
    expect(rows[0]).toContain('Jane Doe');
    expect(rows[1]).toContain('Payment');
    expect(rows[1]).toContain('Payment of $102.95 (Visa credit •••• 4242) — Paid');
    expect(rows[2]).toContain('Note');
    expect(rows[2]).toContain('Account A-1: Promised to pay Friday.');
    // A text in is the customer's own.
    expect(rows[3]).toContain('Text in');
    expect(rows[3]).toContain('Can I pay Friday?');
    expect(rows[3]).toContain('Ada Lovelace');
    // The time on the merchant's clock, in full on hover.
    const time = screen.getAllByText((_, element) => element?.tagName === 'TIME')[0]!;
    expect(time).toHaveAttribute('dateTime', at);
    expect(time).toHaveAttribute('title', '07/04/2026 3:05 PM CDT');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(5));
    expect((await rowsOf())[4]).toContain('Updated the customer — First Name: Ada → Adah');
    expect((await rowsOf())[4]).toContain('System');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const calls = api.callsTo(`GET ${customerApi}timeline/`);
    expect(calls.map((call) => call.search.get('cursor'))).toEqual([null, 'c2']);
    expect(calls.map((call) => call.search.get('page_size'))).toEqual(['25', '25']);
  });

  it('filters by kind with chips, and says when a kind has nothing', async () => {
    const { api, user } = openCustomerPage(`${customerPagePath}/timeline`, {
      profile: staff,
      handlers: {
        [`GET ${customerApi}timeline/`]: (request) => ({
          body:
            request.search.get('kind') === 'notes'
              ? { next: null, previous: null, results: [] }
              : { ...firstPage, next: null },
        }),
      },
    });
    expect(await rowsOf()).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: 'Notes' }));
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getByText('Notes about this customer will show here.')).toBeInTheDocument();
    const kinds = api.callsTo(`GET ${customerApi}timeline/`).map((call) => call.search.get('kind'));
    expect(kinds).toEqual([null, 'notes']);
  });

  it('shows loading rows, then an error with Retry that loads it again', async () => {
    // A 5xx gets one more try by itself (app/query-client.ts) before the page says so.
    let failures = 2;
    const { user } = openCustomerPage(`${customerPagePath}/timeline`, {
      profile: staff,
      handlers: {
        [`GET ${customerApi}timeline/`]: () =>
          failures-- > 0
            ? { status: 500, body: { detail: 'Oops! Something Went Wrong...' } }
            : { body: { ...firstPage, next: null } },
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading the timeline' })).toBeInTheDocument();
    expect(
      await screen.findByText('The timeline could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowsOf()).toHaveLength(4);
    expect(screen.queryByText('The timeline could not be loaded.')).not.toBeInTheDocument();
  });
});
