import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import { chatPage, messagesApi } from '../../../components/chat-window/chat-test-fixtures';
import { customerLookupHandlers, makeCustomer, memberProfile } from '../../../test/customer-list-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const inboxApi = `/api/merchants/${merchantA.id}/inbox/`;
const customerApi = `/api/merchants/${merchantA.id}/customers/cust-2/`;
const UNTIL = '2026-11-30T15:00:00.000Z';

const waiting: InboxEntry = {
  customer_id: 'cust-2',
  first_name: 'Grace',
  last_name: 'Hopper',
  external_id: 'C-2',
  last_message_body: 'Can I pay Friday?',
  last_message_created: '2026-11-23T15:00:00.000Z',
  unread_messages: 0,
  last_message_from: 'customer',
  last_message_sender_user_id: null,
  awaiting_reply_since: '2026-11-23T15:00:00.000Z',
  snoozed_until: null,
};

/** The listed conversations' names; none when the list is gone (an empty view says 'No Results Found'). */
const rowNames = () => {
  const list = screen.queryByRole('list', { name: 'Conversations' });
  return list
    ? within(list)
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))
    : [];
};

// Issue 20 item 1: Snooze puts a conversation away until a time or the customer's next text.
describe('inbox snooze', () => {
  it('snoozes from the chat header: the row leaves Needs reply, shows in Snoozed, and Unsnooze brings it back', async () => {
    storeSession();
    window.localStorage.setItem('paylane.merchant_id', merchantA.id);
    window.localStorage.setItem('paylane.inbox.view', 'needs_reply');
    stubWebSocket();
    let snoozed = false;
    const api = stubFetch({
      ...signedInApi({ profile: memberProfile(['staff']) }),
      ...customerLookupHandlers,
      [`GET ${inboxApi}`]: ({ search }: StubRequest) => {
        const inView = search.get('view') === 'snoozed' ? snoozed : !snoozed;
        const entry = { ...waiting, snoozed_until: snoozed ? UNTIL : null };
        return { body: { next: null, previous: null, results: inView ? [entry] : [] } };
      },
      [`GET ${inboxApi}counts/`]: { body: { needs_reply: 1, unread: 0 } },
      [`POST ${inboxApi}cust-2/snooze/`]: () => {
        snoozed = true;
        return { body: { ...waiting, snoozed_until: UNTIL } };
      },
      [`DELETE ${inboxApi}cust-2/snooze/`]: () => {
        snoozed = false;
        return { body: waiting };
      },
      [`GET ${customerApi}`]: {
        body: makeCustomer({ id: 'cust-2', first_name: 'Grace', last_name: 'Hopper' }),
      },
      [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: '2026-11-23T16:00:00.000Z' } },
      [`GET ${messagesApi('cust-2')}`]: { body: chatPage([]) },
    });
    const { user } = renderApp(`/merchants/${merchantA.id}/inbox`);

    await user.click(await screen.findByRole('button', { name: 'Grace Hopper' }));
    await user.click(await screen.findByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Until Monday, 9 AM' }));
    await waitFor(() => expect(rowNames()).toEqual([]));
    const [sent] = api.callsTo(`POST ${inboxApi}cust-2/snooze/`);
    const until = new Date((sent?.body as { until: string }).until);
    // Monday, 9 AM in Chicago (merchant A's zone): 15:00 UTC in winter, 14:00 in summer.
    expect(until.getUTCDay()).toBe(1);
    expect([14, 15]).toContain(until.getUTCHours());
    expect(screen.getByRole('button', { name: 'Unsnooze' })).toHaveAttribute(
      'title',
      expect.stringMatching(/^Snoozed until 11\/30\/2026 9:00 AM/),
    );

    await user.click(screen.getByRole('button', { name: 'Snoozed', pressed: false }));
    expect(screen.getByRole('button', { name: 'Snoozed', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Needs reply/ })).not.toBeChecked();
    await waitFor(() => expect(rowNames()).toEqual(['Grace Hopper, snoozed']));
    await user.click(screen.getByRole('button', { name: 'Unsnooze' }));
    await waitFor(() => expect(rowNames()).toEqual([]));
    expect(api.callsTo(`DELETE ${inboxApi}cust-2/snooze/`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Snooze' })).toBeInTheDocument();
  });
});
