import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantA } from '../../test/fixtures';
import { page } from '../../test/payment-fixtures';
import { todayIn } from '../date-range-picker/date-range-presets';
import {
  accountApi,
  chatMessage,
  chatPage,
  makeTemplate,
  messagesApi,
  openChat,
  templatesApi,
} from './chat-test-fixtures';

// Issue 20 item 2: templates by '/', the segment counter, and a conversation read by day and by sender.

const templates = [
  makeTemplate(),
  makeTemplate({
    id: 'tpl-2',
    name: 'Payment due',
    message_bodies: [
      { language: 'en-US', body_type: 'TEXT', message_body: 'Your payment of {{amount_due}} is due' },
    ],
  }),
  makeTemplate({ id: 'tpl-3', name: 'Past due notice' }),
];

describe('chat composer', () => {
  it("lists templates on '/', searches them by name, and puts the chosen one in the box rendered for this customer", async () => {
    const { user, api } = openChat({
      handlers: {
        [`GET ${templatesApi}`]: { body: page(templates) },
        [`POST ${templatesApi}tpl-2/render/`]: { body: { rendered_body: 'Your payment of $125.50 is due' } },
        [`POST ${accountApi()}send_message/`]: { body: { 'cust-1': chatMessage() } },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, '/pay');
    const menu = await screen.findByRole('listbox');
    const options = () =>
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() => expect(options()).toEqual(['Payment dueYour payment of {{amount_due}} is due']));
    await user.clear(box);
    await user.type(box, '/due');
    await waitFor(() => expect(options()).toHaveLength(2));
    // Enter picks the first match, it does not send '/due'.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('Your payment of $125.50 is due'));
    expect(api.callsTo(`POST ${templatesApi}tpl-2/render/`)[0]?.body).toEqual({
      customer: 'cust-1',
      account: 'acct-1',
      type: 'TEXT',
    });
    expect(api.callsTo(`POST ${accountApi()}send_message/`)).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The next Enter sends the rendered text with its template.
    await user.type(box, '{Enter}');
    await waitFor(() =>
      expect(api.callsTo(`POST ${accountApi()}send_message/`)[0]?.body).toMatchObject({
        message: 'Your payment of $125.50 is due',
        message_template_id: 'tpl-2',
      }),
    );
  });

  it('counts the characters and SMS segments of the text, one emoji switching it to UCS-2', async () => {
    const { user } = openChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByTestId('segment-count')).not.toBeInTheDocument();
    await user.type(box, 'a'.repeat(161));
    expect(screen.getByTestId('segment-count')).toHaveTextContent('2 SMS segments · GSM-7');
    expect(screen.getByTestId('character-count')).toHaveTextContent('161/300');
    await user.clear(box);
    await user.type(box, 'Thanks 🙂');
    expect(screen.getByTestId('segment-count')).toHaveTextContent('1 SMS segment · UCS-2');
  });

  it('separates days and names a sender once per group, with delivery ticks beside the status', async () => {
    // 18:00 UTC is noon or 1 PM in Chicago: the same calendar day there whatever the time the test runs (minutes
    // before now would straddle midnight for a run just after it).
    const today = todayIn(merchantA.time_zone);
    const threeDaysAgo = new Date(Date.parse(today) - 3 * 86_400_000).toISOString().slice(0, 10);
    openChat({
      handlers: {
        [`GET ${messagesApi()}`]: {
          body: chatPage([
            chatMessage({ body: 'Second', created: `${today}T18:01:00.000Z`, status: 'sent' }),
            chatMessage({ body: 'First', created: `${today}T18:00:00.000Z`, status: 'delivered' }),
            chatMessage({ body: 'Old', created: `${threeDaysAgo}T18:00:00.000Z`, status: 'delivered' }),
          ]),
        },
      },
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Second');
    const items = within(log).getAllByRole('listitem');
    const separators = items.filter((item) => !item.querySelector('article')).map((item) => item.textContent);
    expect(separators).toHaveLength(2);
    expect(separators[1]).toBe('Today');
    // One name for the two messages written a minute apart today.
    expect(within(log).getAllByText('Jane Doe')).toHaveLength(2);
    const second = within(log).getByRole('article', { name: 'Jane Doe: Second' });
    expect(second).toHaveTextContent('✓ Sent');
    expect(within(log).getByRole('article', { name: 'Jane Doe: First' })).toHaveTextContent('✓✓ Delivered');
  });
});
