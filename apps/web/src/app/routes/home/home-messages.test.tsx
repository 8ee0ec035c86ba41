import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageListRow } from '@paylane/shared/contracts/inbox';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const api = (list: string) => `/api/merchants/${merchantA.id}/${list}/`;

const row = (overrides: Partial<MessageListRow> = {}): MessageListRow => ({
  message_id: 'msg-1',
  customer_id: 'cust-1',
  account_id: 'acct-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  external_id: 'C-1001',
  body: 'Can I pay Friday?',
  status: 'received',
  error_message: null,
  template_name: null,
  created: '2026-11-23T15:00:00.000Z',
  ...overrides,
});

function open(path: string, handlers: Parameters<typeof stubFetch>[0]) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  stubWebSocket();
  const calls = stubFetch({ ...signedInApi({ profile: memberProfile(['staff']) }), ...handlers });
  return { calls, ...renderApp(path) };
}

describe('home message lists', () => {
  for (const [path, list, title] of [
    ['/missed-messages', 'missed_messages', 'Missed Messages'],
    ['/customer-replies', 'customer_replies', 'Customer Replies'],
  ] as const) {
    it(`${path} lists ${list} rows that link into the customer's chat`, async () => {
      const { calls, location } = open(path, { [`GET ${api(list)}`]: { body: page([row()]) } });
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      const table = await screen.findByRole('table', { name: title });
      const link = await within(table).findByRole('link', { name: 'Ada Lovelace' });
      expect(link).toHaveAttribute('href', `/merchants/${merchantA.id}/inbox?customer=cust-1`);
      expect(within(table).getByText('Can I pay Friday?')).toBeInTheDocument();
      expect(within(table).getByText('C-1001')).toBeInTheDocument();
      expect(calls.callsTo(`GET ${api(list)}`)[0]?.search.get('page_size')).toBe('50');
      await link.click();
      await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/inbox?customer=cust-1`));
    });
  }

  it('/auto-messages shows the template and the docs/product.md §4 status of each automated text', async () => {
    open('/auto-messages', {
      [`GET ${api('auto_messages')}`]: {
        body: page([
          row({ message_id: 'm-1', body: 'Due tomorrow', status: 'delivered', template_name: 'Reminder' }),
          row({
            message_id: 'm-2',
            customer_id: 'cust-2',
            first_name: 'Grace',
            last_name: 'Hopper',
            body: 'Late',
            status: 'undelivered',
            error_message: 'Unreachable',
            template_name: 'Late notice',
          }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Auto Messages' });
    const ada = (await within(table).findByRole('link', { name: 'Ada Lovelace' })).closest('tr')!;
    expect(within(ada).getByText('Reminder')).toBeInTheDocument();
    expect(within(ada).getByText('Delivered')).toBeInTheDocument();
    const grace = within(table).getByRole('link', { name: 'Grace Hopper' }).closest('tr')!;
    expect(within(grace).getByText('Failed to send')).toBeInTheDocument();
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/inbox?customer=cust-2`,
    );
  });

  it('says so when a list is empty', async () => {
    open('/missed-messages', { [`GET ${api('missed_messages')}`]: { body: page([]) } });
    expect(await screen.findByText('No missed messages yet.')).toBeInTheDocument();
  });
});
