import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import {
  customerLookupHandlers,
  LOCATION_NORTH,
  makeCustomer,
  memberProfile,
} from '../../../test/customer-list-fixtures';
import { makeAccount } from '../../../test/customer-page-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { chatPage, messagesApi } from '../../../components/chat-window/chat-test-fixtures';

const inboxApi = `/api/merchants/${merchantA.id}/inbox/`;
const inboxPage = `/merchants/${merchantA.id}/inbox`;

const entry = (id: string, first: string, last: string, extra: Partial<InboxEntry> = {}): InboxEntry => ({
  customer_id: id,
  first_name: first,
  last_name: last,
  external_id: `C-${id}`,
  last_message_body: `Hello from ${first}`,
  last_message_created: '2026-11-23T15:00:00.000Z',
  unread_messages: 0,
  last_message_from: 'customer',
  last_message_sender_user_id: null,
  awaiting_reply_since: null,
  snoozed_until: null,
  ...extra,
});
const ada = entry('cust-1', 'Ada', 'Lovelace', { unread_messages: 2 });
/** When a live message arrives, after every listed one. */
const LATER = '2026-11-23T16:30:00.000Z';
const grace = entry('cust-2', 'Grace', 'Hopper');
const alan = entry('cust-3', 'Alan', 'Turing', { unread_messages: 1 });

type Handler = Parameters<typeof stubFetch>[0][string];

function openInbox(path: string, inbox: Handler, extra: Record<string, Handler> = {}) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  const sockets = stubWebSocket();
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']) }),
    ...customerLookupHandlers,
    [`GET ${inboxApi}`]: inbox,
    ...extra,
  });
  return { api, ...sockets, ...renderApp(path) };
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

/** Makes IntersectionObserver callable by the test: `reveal()` says the sentinel scrolled into view. */
function stubIntersection() {
  const callbacks: IntersectionObserverCallback[] = [];
  class Observer {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
    unobserve() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    reveal: () =>
      callbacks.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
  };
}

describe('inbox', () => {
  it('lists conversations with initials, name, external id, time, preview and badge; scrolls to more; says End of Conversations', async () => {
    const intersection = stubIntersection();
    const { api } = openInbox(inboxPage, ({ search }: StubRequest) =>
      search.get('cursor')
        ? { body: { next: null, previous: null, results: [alan] } }
        : { body: { next: 'c-2', previous: null, results: [ada, grace] } },
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const first = within(list).getByRole('button', { name: 'Ada Lovelace, 2 unread' });
    expect(within(first).getByText('AL')).toBeInTheDocument();
    expect(within(first).getByText('C-cust-1')).toBeInTheDocument();
    expect(within(first).getByText('Hello from Ada')).toBeInTheDocument();
    // A relative time, the full time on hover.
    expect(within(first).getByTitle(/^11\/23\/2026 /)).toHaveAttribute('datetime', ada.last_message_created);
    expect(within(first).getByTestId('unread-badge')).toHaveTextContent('2');
    expect(screen.getByText('Select a Customer')).toBeInTheDocument();
    expect(screen.queryByText('End of Conversations')).not.toBeInTheDocument();
    const [call] = api.callsTo(`GET ${inboxApi}`);
    expect(Object.fromEntries(call!.search)).toEqual({
      page_size: '25',
      field: 'external_id',
      location: 'all',
      view: 'all',
    });

    intersection.reveal();
    await screen.findByRole('button', { name: 'Alan Turing, 1 unread' });
    expect(api.callsTo(`GET ${inboxApi}`)[1]?.search.get('cursor')).toBe('c-2');
    expect(screen.getByText('End of Conversations')).toBeInTheDocument();
  });

  it('searches on Enter by the chosen field (Customer ID first), clears, filters by location and resets', async () => {
    const { api, user } = openInbox(inboxPage, ({ search }: StubRequest) => ({
      body: { next: null, previous: null, results: search.get('search') === 'nobody' ? [] : [ada, grace] },
    }));
    await screen.findByRole('list', { name: 'Conversations' });
    const field = screen.getByRole('combobox', { name: 'Search by' });
    expect(field).toHaveValue('external_id');
    expect(
      within(field)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Name', 'Customer ID', 'Phone Number']);
    const lastQuery = () => Object.fromEntries(api.callsTo(`GET ${inboxApi}`).at(-1)!.search);

    await user.selectOptions(field, 'Name');
    const box = screen.getByRole('textbox', { name: 'Search conversations' });
    await user.type(box, 'nobody');
    expect(lastQuery().search).toBeUndefined(); // typing alone does not search
    await user.type(box, '{Enter}');
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ search: 'nobody', field: 'name' });

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('button', { name: 'Ada Lovelace, 2 unread' });
    expect(box).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const location = within(dialog).getByRole('combobox', { name: /Location/ });
    expect(location).toBeRequired();
    await waitFor(() => expect(within(location).getAllByRole('option')).toHaveLength(3));
    expect(within(location).getAllByRole('option')[0]).toHaveTextContent('All Locations');
    await user.selectOptions(location, 'North Lot');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery().location).toBe(LOCATION_NORTH));

    await user.type(box, 'Ada{Enter}');
    await waitFor(() => expect(lastQuery().search).toBe('Ada'));
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    // Back to the first list (cached: the defaults were its query).
    await waitFor(() => expect(box).toHaveValue(''));
    await screen.findByRole('button', { name: 'Ada Lovelace, 2 unread' });
    const calls = api.callsTo(`GET ${inboxApi}`).length;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialogAgain = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialogAgain).getByRole('combobox', { name: /Location/ })).toHaveValue('all');
    expect(api.callsTo(`GET ${inboxApi}`)).toHaveLength(calls);
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveValue('external_id');
  });

  it('opens a conversation: marks it viewed, clears its badge, shows the chat; live messages move conversations to the top', async () => {
    const customerApi = `/api/merchants/${merchantA.id}/customers/cust-1/`;
    const { api, user, socketsTo, location } = openInbox(
      inboxPage,
      { body: { next: null, previous: null, results: [grace, ada, alan] } },
      {
        [`GET ${customerApi}`]: { body: makeCustomer({ accounts: [makeAccount()] }) },
        [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: '2026-11-23T16:00:00.000Z' } },
        [`GET ${messagesApi()}`]: { body: chatPage([]) },
      },
    );
    await screen.findByRole('list', { name: 'Conversations' });
    const [socket] = socketsTo(`/ws/inbox/${merchantA.id}/`);
    expect(socket?.url.searchParams.get('token')).toBeTruthy();
    socket!.open();

    // An inbound message for Alan: to the top with its badge bumped.
    socket!.push({
      type: 'conversation',
      entry: { ...alan, unread_messages: 2, last_message_body: 'Paid!', last_message_created: LATER },
    });
    await waitFor(() => expect(rowNames()[0]).toBe('Alan Turing, 2 unread'));
    expect(screen.getByText('Paid!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ada Lovelace, 2 unread' }));
    expect(location()).toBe(`${inboxPage}?customer=cust-1`);
    await screen.findByRole('button', { name: 'Ada Lovelace' });
    await waitFor(() => expect(api.callsTo(`POST ${customerApi}update_last_viewed/`)).toHaveLength(1));
    // Read, its badge cleared on the server too: the row stays where it is (issue 20).
    socket!.push({ type: 'conversation', entry: { ...ada, unread_messages: 0 } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument());
    expect(rowNames()).toEqual(['Alan Turing, 2 unread', 'Grace Hopper', 'Ada Lovelace']);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText('Select a Customer')).not.toBeInTheDocument();

    // A new message in the open conversation: on top, and read at once.
    socket!.push({
      type: 'conversation',
      entry: { ...ada, unread_messages: 1, last_message_body: 'Thanks', last_message_created: LATER },
    });
    await waitFor(() => expect(rowNames()[0]).toBe('Ada Lovelace'));
    await waitFor(() => expect(api.callsTo(`POST ${customerApi}update_last_viewed/`)).toHaveLength(2));
  });

  it('opens the customer named in ?customer= and the Group Message button opens the compose modal', async () => {
    const customerApi = `/api/merchants/${merchantA.id}/customers/cust-2/`;
    const { user } = openInbox(
      `${inboxPage}?customer=cust-2`,
      { body: { next: null, previous: null, results: [grace] } },
      {
        [`GET ${customerApi}`]: {
          body: makeCustomer({ id: 'cust-2', first_name: 'Grace', last_name: 'Hopper' }),
        },
        [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: '2026-11-23T16:00:00.000Z' } },
        [`GET ${messagesApi('cust-2')}`]: { body: chatPage([]) },
        [`GET /api/merchants/${merchantA.id}/customer_groups/`]: {
          body: { count: 0, next: null, previous: null, results: [] },
        },
        [`GET /api/merchants/${merchantA.id}/message_templates/`]: {
          body: { count: 0, next: null, previous: null, results: [] },
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('The customer has no account to send from.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Group Message' }));
    expect(await screen.findByRole('dialog', { name: 'New Mass Text Message' })).toBeInTheDocument();
  });

  it('opens on the view a link asks for (Home’s Replies waiting), whatever was chosen last', async () => {
    window.localStorage.setItem('paylane.inbox.view', 'unread');
    const { api } = openInbox(`${inboxPage}?view=needs_reply`, {
      body: { next: null, previous: null, results: [] },
    });
    expect(await screen.findByRole('radio', { name: /^Needs reply/ })).toBeChecked();
    await waitFor(() =>
      expect(api.callsTo(`GET ${inboxApi}`).at(-1)?.search.get('view')).toBe('needs_reply'),
    );
  });

  it('switches views with their counts, remembers the view, prefixes who wrote, and resolves a waiting conversation', async () => {
    const customerApi = `/api/merchants/${merchantA.id}/customers/cust-2/`;
    const waiting = entry('cust-2', 'Grace', 'Hopper', { awaiting_reply_since: '2026-11-23T15:00:00.000Z' });
    const answered = entry('cust-1', 'Ada', 'Lovelace', {
      last_message_from: 'staff',
      last_message_sender_user_id: memberProfile(['staff']).id,
      last_message_body: 'See you Friday',
    });
    const automatic = entry('cust-3', 'Alan', 'Turing', {
      last_message_from: 'auto',
      last_message_body: 'Due soon',
    });
    const { api, user } = openInbox(
      inboxPage,
      ({ search }: StubRequest) => ({
        body: {
          next: null,
          previous: null,
          results: search.get('view') === 'needs_reply' ? [waiting] : [answered, waiting, automatic],
        },
      }),
      {
        [`GET ${inboxApi}counts/`]: { body: { needs_reply: 1, unread: 1000 } },
        [`POST ${inboxApi}cust-2/resolve/`]: { body: { ...waiting, awaiting_reply_since: null } },
        [`GET ${customerApi}`]: {
          body: makeCustomer({ id: 'cust-2', first_name: 'Grace', last_name: 'Hopper' }),
        },
        [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: '2026-11-23T16:00:00.000Z' } },
        [`GET ${messagesApi('cust-2')}`]: { body: chatPage([]) },
      },
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('button', { name: /^Ada/ })).toHaveTextContent('You: See you Friday');
    expect(within(list).getByRole('button', { name: /^Alan/ })).toHaveTextContent('Auto: Due soon');
    expect(within(list).getByRole('button', { name: /^Grace/ })).toHaveTextContent('Hello from Grace');
    expect(await screen.findByRole('radio', { name: 'Unread 999+' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inbox, 1000 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Needs reply 1' }));
    await waitFor(() => expect(rowNames()).toEqual(['Grace Hopper']));
    expect(api.callsTo(`GET ${inboxApi}`).at(-1)?.search.get('view')).toBe('needs_reply');
    expect(window.localStorage.getItem('paylane.inbox.view')).toBe('needs_reply');

    await user.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.getByText('No Results Found')).toBeInTheDocument());
    expect(api.callsTo(`POST ${inboxApi}cust-2/resolve/`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('moves between conversations by keyboard: J/K from the list, Alt+arrows from the message box, Esc back to the list', async () => {
    const chatHandlers = (id: string, first: string, last: string) => ({
      [`GET /api/merchants/${merchantA.id}/customers/${id}/`]: {
        body: makeCustomer({ id, first_name: first, last_name: last, accounts: [makeAccount()] }),
      },
      [`POST /api/merchants/${merchantA.id}/customers/${id}/update_last_viewed/`]: {
        body: { last_viewed_at: '2026-11-23T16:00:00.000Z' },
      },
      [`GET ${messagesApi(id)}`]: { body: chatPage([]) },
    });
    const { user, location } = openInbox(
      inboxPage,
      { body: { next: null, previous: null, results: [ada, grace, alan] } },
      {
        ...chatHandlers('cust-1', 'Ada', 'Lovelace'),
        ...chatHandlers('cust-2', 'Grace', 'Hopper'),
        ...chatHandlers('cust-3', 'Alan', 'Turing'),
        [`GET /api/merchants/${merchantA.id}/message_templates/`]: {
          body: { count: 0, next: null, previous: null, results: [] },
        },
      },
    );
    await screen.findByRole('list', { name: 'Conversations' });
    await user.keyboard('j');
    await waitFor(() => expect(location()).toBe(`${inboxPage}?customer=cust-1`));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(box).toHaveFocus());
    // In the message box a J is a letter; Alt+↓ moves on.
    await user.keyboard('j');
    expect(box).toHaveValue('j');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(location()).toBe(`${inboxPage}?customer=cust-2`));
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Grace Hopper' })).toHaveFocus();
    await user.keyboard('k');
    await waitFor(() => expect(location()).toBe(`${inboxPage}?customer=cust-1`));
  });
});
