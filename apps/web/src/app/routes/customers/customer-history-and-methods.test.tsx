import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, grace, openCustomerPage } from '../../../test/customer-page-fixtures';

const staff = memberProfile(['staff']);
const jane = { id: 'user-1', first_name: 'Jane', last_name: 'Doe' };
const event = (id: string, kind: string, details: Record<string, unknown>, extra = {}) => ({
  id,
  kind,
  account_id: null,
  actor: jane,
  details,
  created: '2026-07-04T20:05:00.000Z',
  ...extra,
});

const firstPage = {
  next: `http://localhost${customerApi}history/?cursor=c2&page_size=25`,
  previous: null,
  results: [
    event('e1', 'customer.updated', {
      first_name: ['Ada', 'Adah'],
      sms_phone_number: ['+12145550123', '+14695550100'],
    }),
    event('e2', 'note.added', { note_id: 'n1', body: 'Called about the payment' }, { actor: null }),
    event(
      'e3',
      'account.updated',
      { amount_due_cents: [12_550, 20_000], due_date: [null, '2026-12-05'] },
      { account_id: 'acct-1' },
    ),
    event('e4', 'co_borrower.linked', { co_borrower: grace }, { account_id: 'acct-1' }),
  ],
};
const lastPage = {
  next: null,
  previous: null,
  results: [event('e5', 'customer.created', {}, { created: '2026-01-02T15:00:00.000Z' })],
};

describe('customer history', () => {
  it('tells each event as a sentence with when and who, and loads older events on demand', async () => {
    const { api, user } = openCustomerPage(`${customerPagePath}/history`, {
      profile: staff,
      handlers: {
        [`GET ${customerApi}history/`]: (request) => ({
          body: request.search.get('cursor') === 'c2' ? lastPage : firstPage,
        }),
      },
    });
    const timeline = within(await screen.findByRole('list', { name: 'History' }));
    const items = timeline.getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(items).toHaveLength(4);

    // The first line of an event: when, then who.
    const whenAndWho = (item: HTMLElement | undefined) => item?.querySelector('p')?.textContent;
    expect(whenAndWho(items[0])).toBe('07/04/2026 3:05 PM CDT · Jane Doe');
    expect(whenAndWho(items[1])).toBe('07/04/2026 3:05 PM CDT · System');
    const [updated, note, account, linked] = items.map((item) => within(item));
    expect(updated!.getByText('Updated the customer')).toBeInTheDocument();
    expect(updated!.getByText('First Name: Ada → Adah')).toBeInTheDocument();
    expect(updated!.getByText('Phone: (214) 555-0123 → (469) 555-0100')).toBeInTheDocument();
    expect(note!.getByText('Added a note')).toBeInTheDocument();
    expect(note!.getByText('Called about the payment')).toBeInTheDocument();
    expect(account!.getByText('Updated Account A-1')).toBeInTheDocument();
    expect(account!.getByText('Amount Due: $125.50 → $200.00')).toBeInTheDocument();
    expect(account!.getByText('Due Date: (empty) → 12/05/2026')).toBeInTheDocument();
    expect(linked!.getByText('Linked Grace Hopper as a co-borrower on Account A-1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Created the customer')).toBeInTheDocument();
    expect(whenAndWho(screen.getByText('Created the customer').closest('li') ?? undefined)).toBe(
      '01/02/2026 9:00 AM CST · Jane Doe',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const calls = api.callsTo(`GET ${customerApi}history/`);
    expect(calls.map((call) => call.search.get('cursor'))).toEqual([null, 'c2']);
    expect(calls.map((call) => call.search.get('page_size'))).toEqual(['25', '25']);
  });
});

describe('customer payment methods', () => {
  it('shows each method as its nickname and the last 8 characters of the mask (docs/product.md §3)', async () => {
    const methods = [
      {
        id: 'pm-1',
        payment_type: 'CREDIT',
        card_type: 'VISA',
        nickname: 'Visa',
        masked_card_number: 'XXXXXXXXXXXX4242',
        masked_account_number: null,
        funding: 'credit',
      },
      {
        id: 'pm-2',
        payment_type: 'CHECKING',
        card_type: null,
        nickname: 'Chase',
        masked_card_number: null,
        masked_account_number: '*******006789',
        funding: null,
      },
    ];
    openCustomerPage(`${customerPagePath}/payment-methods`, {
      profile: staff,
      handlers: {
        [`GET ${customerApi}payment_methods/`]: {
          body: { count: 2, next: null, previous: null, results: methods },
        },
      },
    });
    const card = await screen.findByRole('row', { name: /Visa XXXX4242/ });
    // The fourth cell holds Rename and Remove (customer-payment-methods.test.tsx).
    const firstThree = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent);
    expect(firstThree(card)).toEqual(['Visa XXXX4242', 'Credit', 'VISA']);
    expect(firstThree(screen.getByRole('row', { name: /Chase/ }))).toEqual([
      'Chase **006789',
      'Checking',
      '—',
    ]);
  });

  it('says so when the customer has none', async () => {
    openCustomerPage(`${customerPagePath}/payment-methods`, {
      profile: staff,
      handlers: {
        [`GET ${customerApi}payment_methods/`]: {
          body: { count: 0, next: null, previous: null, results: [] },
        },
      },
    });
    expect(await screen.findByText('No payment methods yet.')).toBeInTheDocument();
  });
});
