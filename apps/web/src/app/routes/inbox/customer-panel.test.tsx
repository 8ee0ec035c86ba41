import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@paylane/shared/contracts/customers';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import { describe, expect, it } from 'vitest';
import { chatPage, messagesApi } from '../../../components/chat-window/chat-test-fixtures';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { customerLookupHandlers, makeCustomer, memberProfile } from '../../../test/customer-list-fixtures';
import { alan, makeAccount } from '../../../test/customer-page-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { page, visaCredit } from '../../../test/payment-fixtures';
import { makePromise } from '../../../test/promise-fixtures';
import { renderApp } from '../../../test/render-app';

// Issue 20 item 3: the customer beside the conversation. jsdom matches no media query, so the panel is the
// narrow layout's drawer, opened by 'Account' in the chat's header; the wide layout shows the same panel beside
// the chat (the inbox-customer-panel journey checks that one in a real browser).

const customerApi = `/api/merchants/${merchantA.id}/customers/cust-1/`;
const promisesApi = (account: string) => `${customerApi}accounts/${account}/promises/`;

/** A day `days` before today on the merchant's clock (Chicago), as YYYY-MM-DD. */
function daysAgo(days: number): string {
  const today = todayIn(merchantA.time_zone);
  return new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);
}

const entry: InboxEntry = {
  customer_id: 'cust-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  external_id: 'C-1',
  last_message_body: 'When is my payment due?',
  last_message_created: '2026-11-23T15:00:00.000Z',
  unread_messages: 0,
  last_message_from: 'customer',
  last_message_sender_user_id: null,
  awaiting_reply_since: '2026-11-23T15:00:00.000Z',
  snoozed_until: null,
};

const owing = makeAccount({
  id: 'acct-1',
  autopay_enabled: false,
  due_date: daysAgo(12),
  amount_due_cents: 25_000,
});
const paidUp = makeAccount({ id: 'acct-2', external_id: 'A-2', status: 'closed', amount_due_cents: 0 });
const coBorrowed = makeAccount({
  id: 'acct-9',
  external_id: 'A-9',
  role: 'co_borrower',
  primary_customer: alan,
});

function openPanel(customer: Partial<Customer>, handlers: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  stubWebSocket();
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['admin']) }),
    ...customerLookupHandlers,
    [`GET /api/merchants/${merchantA.id}/inbox/`]: { body: { next: null, previous: null, results: [entry] } },
    [`GET ${customerApi}`]: { body: makeCustomer({ accounts: [paidUp, owing, coBorrowed], ...customer }) },
    [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: '2026-11-23T16:00:00.000Z' } },
    [`GET ${messagesApi()}`]: { body: chatPage([]) },
    [`GET ${promisesApi('acct-1')}`]: { body: page([makePromise({ amount_cents: 5_000 })]) },
    [`GET ${promisesApi('acct-2')}`]: { body: page([makePromise({ outcome: 'kept' })]) },
    ...handlers,
  });
  const rendered = renderApp(`/merchants/${merchantA.id}/inbox?customer=cust-1`);
  return { api, ...rendered };
}

async function openAccountDrawer(user: ReturnType<typeof openPanel>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  return within(await screen.findByRole('complementary', { name: 'Customer details' }));
}

const factOf = (section: ReturnType<typeof within>, label: string) =>
  section.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the customer beside the conversation', () => {
  it('shows what each own account owes, since when, autopay and the open promise; open accounts first', async () => {
    const { user } = openPanel({});
    const panel = await openAccountDrawer(user);
    expect(panel.getByText('(214) 555-0123')).toBeInTheDocument();
    expect(panel.getByText('Texts allowed')).toBeInTheDocument();
    const sections = panel.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    // The co-borrowed A-9 is worked on Alan's page; the active A-1 comes before the closed A-2.
    expect(sections).toEqual(['Account A-1', 'Account A-2']);
    const a1 = within(panel.getByRole('region', { name: 'Account A-1' }));
    expect(factOf(a1, 'Amount Due')).toBe('$250.00');
    expect(factOf(a1, 'Days past due')).toBe('12');
    expect(factOf(a1, 'Autopay')).toBe('Off');
    await waitFor(() => expect(factOf(a1, 'Promise')).toContain('Promise to pay $50.00'));
    expect(factOf(a1, 'Promise')).toContain('07/10/2027 3:00 PM CDT');
    const a2 = within(panel.getByRole('region', { name: 'Account A-2' }));
    expect(factOf(a2, 'Days past due')).toBe('Not past due');
    // A kept promise is history, not an open promise.
    await waitFor(() => expect(factOf(a2, 'Promise')).toBe('None'));
  });

  it('takes a payment, makes a promise and adds a note from the panel', async () => {
    const { api, user } = openPanel(
      {},
      {
        [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit]) },
        [`GET ${customerApi}accounts/acct-1/transactions/`]: {
          body: { count: 0, next: null, previous: null, results: [], card_fee: null },
        },
        [`POST ${customerApi}notes/`]: {
          status: 201,
          body: {
            id: 'n1',
            body: 'Said he pays Friday',
            account_id: null,
            author: null,
            created: '2026-11-23T16:00:00.000Z',
            updated: '2026-11-23T16:00:00.000Z',
          },
        },
      },
    );
    const panel = await openAccountDrawer(user);
    await user.click(panel.getByRole('button', { name: 'Take Payment on Account A-1' }));
    const take = within(await screen.findByRole('dialog', { name: 'Take Payment' }));
    expect(take.getByText('Account A-1 · Amount Due $250.00')).toBeInTheDocument();
    await user.click(take.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Take Payment' })).not.toBeInTheDocument(),
    );

    await user.click(panel.getByRole('button', { name: 'Promise to Pay on Account A-1' }));
    expect(await screen.findByRole('dialog', { name: 'Promise to Pay' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Promise to Pay' })).getByRole('button', { name: 'Close' }),
    );

    await user.click(panel.getByRole('button', { name: 'Add Note' }));
    const noteDialog = within(await screen.findByRole('dialog', { name: 'Note on Ada Lovelace' }));
    await user.type(noteDialog.getByRole('textbox', { name: /^Note/ }), 'Said he pays Friday');
    await user.click(noteDialog.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(api.callsTo(`POST ${customerApi}notes/`)).toHaveLength(1));
    expect(api.callsTo(`POST ${customerApi}notes/`)[0]?.body).toEqual({
      body: 'Said he pays Friday',
      account: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Note on Ada Lovelace' })).not.toBeInTheDocument(),
    );
  });

  it('says the customer opted out, and offers no actions on a voided customer', async () => {
    const { user } = openPanel({ sms_opted_out: true, voided_at: '2026-11-20T15:00:00.000Z' });
    const panel = await openAccountDrawer(user);
    expect(panel.getByText('Opted out')).toBeInTheDocument();
    expect(panel.getByRole('region', { name: 'Account A-1' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /Take Payment/ })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
  });
});
