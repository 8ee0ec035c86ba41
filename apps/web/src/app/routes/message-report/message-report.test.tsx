import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchMessage, MessageBatch } from '@paylane/shared/contracts/messages';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const batchesApi = `/api/merchants/${merchantA.id}/message_batches/`;

const counts = { pending: 0, queued: 0, sent: 0, delivered: 0, failed: 0, canceled: 0 };
const batch = (overrides: Partial<MessageBatch> = {}): MessageBatch => ({
  id: 'batch-1',
  batch_name: 'November late',
  message: 'Hi {{first_name}}, please pay {{payment_link}}',
  message_template_id: 'tpl-1',
  template_name: 'Friendly reminder',
  is_csv_imported: false,
  recipient_count: 4,
  created: '2026-11-23T15:00:00.000Z',
  created_by: 'Jane Doe',
  canceled: null,
  counts: { ...counts, pending: 2, sent: 1, delivered: 1 },
  ...overrides,
});

const message = (
  id: string,
  name: string,
  status: string,
  extra: Partial<BatchMessage> = {},
): BatchMessage => ({
  id,
  customer_id: `cust-${id}`,
  first_name: name,
  last_name: 'Smith',
  external_id: `C-${id}`,
  to: '+12145550123',
  body: 'Hi',
  status: status as BatchMessage['status'],
  error_code: null,
  error_message: null,
  send_after: '2026-11-23T15:00:00.000Z',
  sent: status === 'pending' ? null : '2026-11-23T15:00:05.000Z',
  updated: '2026-11-23T15:00:05.000Z',
  ...extra,
});

function open(path: string, extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']) }),
    ...extra,
  });
  return { api, ...renderApp(path) };
}

describe('message report', () => {
  it('lists the batches with their counts in docs/product.md §4 words, and cancels pending texts after confirmation', async () => {
    let current = batch();
    const { api, user, location } = open('/message-report', {
      [`GET ${batchesApi}`]: () => ({
        body: page([current, batch({ id: 'batch-2', batch_name: 'Done', counts })]),
      }),
      [`POST ${batchesApi}batch-1/cancel_pending/`]: () => {
        current = batch({ counts: { ...current.counts, pending: 0, canceled: 2 } });
        return { body: current };
      },
    });
    const row = await screen.findByRole('row', { name: /November late/ });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        'Name',
        'Created',
        'Created By',
        'Template',
        'Recipients',
        'Queued',
        'Sent',
        'Delivered',
        'Failed to send',
      ]),
    );
    expect(row).toHaveTextContent('Jane Doe');
    expect(row).toHaveTextContent('Friendly reminder');
    expect(row).toHaveTextContent('11/23/2026 9:00 AM CST');
    expect(
      within(screen.getByRole('row', { name: /Done/ })).queryByRole('button', { name: /Cancel pending/ }),
    ).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Cancel pending messages of November late' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Pending Messages' });
    expect(dialog).toHaveTextContent('2 messages of November late have not been sent yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Pending' }));
    await waitFor(() => expect(api.callsTo(`POST ${batchesApi}batch-1/cancel_pending/`)).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /November late/ })).queryByRole('button', {
          name: /Cancel pending/,
        }),
      ).toBeNull(),
    );

    await user.click(
      within(screen.getByRole('row', { name: /November late/ })).getByRole('link', { name: 'November late' }),
    );
    await waitFor(() => expect(location()).toBe('/message-report/batch-1/details'));
  });

  it('shows each recipient’s status and error, filters by status, and follows the statuses to Delivered', async () => {
    let polls = 0;
    const first = [
      message('1', 'Ann', 'queued'),
      message('2', 'Bob', 'sent'),
      message('3', 'Cy', 'undelivered', {
        error_code: '30003',
        error_message: 'Unreachable destination handset',
      }),
      message('4', 'Di', 'pending'),
    ];
    const later = [
      message('1', 'Ann', 'delivered'),
      message('2', 'Bob', 'delivered'),
      first[2]!,
      message('4', 'Di', 'delivered'),
    ];
    const { api, user } = open('/message-report/batch-1/details', {
      [`GET ${batchesApi}batch-1/`]: () => ({
        body: batch({
          counts:
            polls === 0
              ? { ...counts, pending: 1, queued: 1, sent: 1, failed: 1 }
              : { ...counts, delivered: 3, failed: 1 },
        }),
      }),
      [`GET ${batchesApi}batch-1/messages/`]: (request: StubRequest) => {
        const status = request.search.get('status');
        if (status === 'failed') return { body: page([first[2]!]) };
        const body = page(polls === 0 ? first : later);
        polls += 1;
        return { body };
      },
    });
    expect(await screen.findByRole('heading', { name: 'November late' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Queued: 2' })).toBeInTheDocument();
    const statusOf = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[3]!.textContent;
    await screen.findByRole('row', { name: /Ann Smith/ });
    expect(statusOf('Ann Smith')).toBe('Queued');
    expect(statusOf('Bob Smith')).toBe('Sent');
    expect(statusOf('Cy Smith')).toBe('Failed to send');
    expect(statusOf('Di Smith')).toBe('Queued');
    expect(screen.getByRole('row', { name: /Cy Smith/ })).toHaveTextContent(
      'Unreachable destination handset (30003)',
    );

    // While texts are on their way the page asks again; the statuses move to Delivered.
    await waitFor(() => expect(statusOf('Ann Smith')).toBe('Delivered'));
    expect(statusOf('Di Smith')).toBe('Delivered');
    expect(await screen.findByRole('listitem', { name: 'Delivered: 3' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed to send');
    await waitFor(() =>
      expect(api.callsTo(`GET ${batchesApi}batch-1/messages/`).at(-1)!.search.get('status')).toBe('failed'),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ann Smith/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Cy Smith/ })).toBeInTheDocument();
  });
});
