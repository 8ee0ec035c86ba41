import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { MiscPaymentRow } from '@paylane/shared/contracts/payments';
import type { Refund } from '@paylane/shared/contracts/refunds';
import { describe, expect, it } from 'vitest';
import type { StubReply, StubRequest } from '../../../test/fetch-stub';
import { merchantA } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { transaction } from '../../../test/payment-fixtures';
import { api, listItem, page, ref, searched, signedIn } from '../tools/merge-test-fixtures';

// /merchants/{merchantID}/misc-payment/** (docs/product.md §2, down payment): the merchant's misc payments,
// paged, and 'New Misc Payment' with the customer found by name, id or phone, one key per submission.

const listPath = `/merchants/${merchantA.id}/misc-payment`;
const miscApi = `${api}/misc-payment/`;
const ann = ref('cust-ann', 'Ann', 'Buyer', 'DM-1036', '+12145550135');
const bob = ref('cust-bob', 'Bob', 'Other', 'DM-1002', '+12145550101');
const annLabel = 'Ann Buyer · DM-1036 · (214) 555-0135';

const miscRow = (overrides: Partial<MiscPaymentRow['payment']> = {}): MiscPaymentRow => ({
  ...transaction({
    account_id: null,
    customer_id: ann.id,
    method_kind: 'check',
    method_label: 'Check 2210',
    note: 'Down payment',
    amount_cents: 150_000,
    ...overrides,
  }),
  customer: { id: ann.id, first_name: 'Ann', last_name: 'Buyer', external_id: 'DM-1036' },
  taken_by: 'Taylor Staff',
});

type Handlers = Record<string, StubReply | ((r: StubRequest) => StubReply)>;

function openMisc(path: string, handlers: Handlers = {}, roles = ['staff']) {
  const calls = signedIn(roles, {
    [`GET ${miscApi}`]: { body: page([]) },
    [`GET ${api}/customers/`]: (request: StubRequest) => ({
      body: page(
        searched(
          [ann, bob],
          (c) => `${c.first_name} ${c.last_name} ${c.external_id} ${c.sms_phone_number}`,
        )(request.search.get('search')).map(listItem),
      ),
    }),
    [`POST ${miscApi}`]: { status: 201, body: miscRow() },
    ...handlers,
  });
  return { calls, ...renderApp(path) };
}

async function pickCustomer(user: UserEvent, text: string, option: string) {
  const box = screen.getByRole('combobox', { name: /Customer/ });
  await user.type(box, text);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillPayment(user: UserEvent, options: { amount: string; method?: string; number?: string }) {
  await pickCustomer(user, 'DM-1036', annLabel);
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), options.amount);
  if (options.method)
    await user.selectOptions(screen.getByRole('combobox', { name: /Paid With/ }), options.method);
  if (options.number) await user.type(screen.getByRole('textbox', { name: 'Check Number' }), options.number);
}

const keysOf = (calls: StubRequest[]) => calls.map((call) => call.headers.get('Idempotency-Key'));

describe('the misc payments list', () => {
  it('lists date, customer, description, method, amount, status and who took it, paged', async () => {
    const { calls } = openMisc(listPath, {
      [`GET ${miscApi}`]: { body: { ...page([miscRow()]), count: 120 } },
    });
    const table = await screen.findByRole('table', { name: 'Misc Payments' });
    await within(table).findByRole('row', { name: /Ann Buyer/ });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      [
        '07/04/2026 3:05 PM CDT',
        'Ann Buyer',
        'Down payment',
        'Check 2210',
        '$1,500.00',
        'Paid',
        'Taylor Staff',
      ],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Misc Payments' })).toBeVisible();
    const [first] = calls.callsTo(`GET ${miscApi}`);
    expect([first?.search.get('page'), first?.search.get('page_size')]).toEqual(['1', '50']);
    // 120 payments: the footer pages on the server.
    await screen.findByText('120 results');
  });

  it('says when there are none, and opens the form from New Misc Payment', async () => {
    const { user, location } = openMisc(listPath);
    expect(await screen.findByText('No misc payments yet.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'New Misc Payment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Misc Payment' })).toBeVisible();
    expect(location()).toBe(`${listPath}/new`);
  });
});

describe('New Misc Payment', () => {
  it('shows the rules’ messages inline and sends nothing until they pass', async () => {
    const { calls, user } = openMisc(`${listPath}/new`);
    await screen.findByRole('heading', { level: 1, name: 'New Misc Payment' });
    await user.clear(screen.getByRole('textbox', { name: /Description/ }));
    await user.click(screen.getByRole('button', { name: 'Take Payment' }));
    expect(await screen.findByText('Amount Due is Required')).toBeVisible();
    expect(screen.getByText('This field is required.')).toBeVisible();
    expect(screen.getByText('This field may not be blank.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '0.50');
    await user.click(screen.getByRole('button', { name: 'Take Payment' }));
    expect(await screen.findByText('Payment must be larger than $1.00')).toBeVisible();
    expect(calls.callsTo(`POST ${miscApi}`)).toHaveLength(0);
  });

  it('takes a check down payment for the customer found by id and confirms what was taken', async () => {
    const { calls, user } = openMisc(`${listPath}/new`);
    await screen.findByRole('heading', { level: 1, name: 'New Misc Payment' });
    await fillPayment(user, { amount: '1500.00', method: 'Check', number: '2210' });
    await user.click(screen.getByRole('button', { name: 'Take Payment' }));
    const confirmation = within(await screen.findByRole('status', { name: 'Payment taken' }));
    for (const text of [annLabel, 'Down payment', 'Check 2210', '$1,500.00', 'Paid'])
      expect(confirmation.getByText(text)).toBeVisible();
    const [sent] = calls.callsTo(`POST ${miscApi}`);
    expect(sent?.body).toEqual({
      customer_id: ann.id,
      amount: '1500.00',
      method_kind: 'check',
      description: 'Down payment',
      note: '2210',
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the role’s limit from the server under Amount, and a new attempt gets a new key', async () => {
    const refusals = [{ amount: ['Requested payment amount is greater than the maximum allowed'] }];
    const { calls, user } = openMisc(`${listPath}/new`, {
      [`POST ${miscApi}`]: () => {
        const refusal = refusals.shift();
        return refusal
          ? { status: 400, body: refusal }
          : { status: 201, body: miscRow({ method_label: 'Cash' }) };
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'New Misc Payment' });
    await fillPayment(user, { amount: '9000' });
    await user.click(screen.getByRole('button', { name: 'Take Payment' }));
    expect(
      await screen.findByText('Requested payment amount is greater than the maximum allowed'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Take Payment' }));
    await screen.findByRole('status', { name: 'Payment taken' });
    const [first, second] = keysOf(calls.callsTo(`POST ${miscApi}`));
    expect(second).not.toBe(first);
  });

  it('retries a lost answer with the same key, and a double click sends one request', async () => {
    let answers = 0;
    let release: (reply: StubReply) => void = () => {};
    const { calls, user } = openMisc(`${listPath}/new`, {
      [`POST ${miscApi}`]: () => {
        answers += 1;
        if (answers === 1) return { status: 502, body: { detail: 'Bad gateway' } };
        return new Promise<StubReply>((resolve) => (release = resolve)) as unknown as StubReply;
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'New Misc Payment' });
    await fillPayment(user, { amount: '800' });
    await user.click(screen.getByRole('button', { name: 'Take Payment' }));
    expect(await screen.findByText(/the same payment is never recorded twice/)).toBeVisible();
    await user.dblClick(screen.getByRole('button', { name: 'Take Payment' }));
    await waitFor(() => expect(calls.callsTo(`POST ${miscApi}`)).toHaveLength(2));
    release({ status: 201, body: miscRow({ method_label: 'Cash' }) });
    await screen.findByRole('status', { name: 'Payment taken' });
    const keys = keysOf(calls.callsTo(`POST ${miscApi}`));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('Refund on the misc payments list', () => {
  const refundApi = `${api}/refund_payment/`;
  const down = miscRow({ id: 'misc-down', amount_cents: 150_000 });
  const titleFee = miscRow({
    id: 'misc-title',
    note: 'Title fee',
    method_kind: 'cash',
    method_label: 'Cash',
    amount_cents: 7_500,
  });
  const bobs: MiscPaymentRow = {
    ...miscRow({
      id: 'misc-bob',
      customer_id: bob.id,
      method_kind: 'money_order',
      method_label: 'Money Order 77',
    }),
    customer: { id: bob.id, first_name: 'Bob', last_name: 'Other', external_id: 'DM-1002' },
  };
  const refundRow: MiscPaymentRow = {
    ...miscRow({ id: 'misc-refund', refund_of: 'misc-down', amount_cents: 50_000, note: '' }),
    status: 'REFUND',
    taken_by: 'Alex Admin',
  };
  const refunded: Refund = {
    id: 'refund-1',
    payment: 'misc-down',
    sources: [
      {
        id: 'misc-refund',
        transaction: { id: 'misc-down', total_amount_cents: 150_000 },
        payment_method: 'Check 2210',
        method_kind: 'check',
        amount_cents: 50_000,
        convenience_fee_cents: 0,
        status: 'REFUND',
        failure_code: null,
        failure_message: null,
      },
    ],
    total_amount_cents: 50_000,
    total_no_fee_amount_cents: 50_000,
    fee_cents: 0,
    date: '2026-07-05T15:00:00.000Z',
    refunded_by: 'Alex Admin',
  };

  /** The list before the refund, and after it: the refund's own row beside the payment it gave money back on. */
  function openList(roles: string[]) {
    let isRefunded = false;
    return openMisc(
      listPath,
      {
        [`GET ${miscApi}`]: () => ({
          body: page(
            isRefunded
              ? [refundRow, { ...down, payment: { ...down.payment, refunded_cents: 50_000 } }, titleFee, bobs]
              : [down, titleFee, bobs],
          ),
        }),
        [`POST ${refundApi}`]: () => {
          isRefunded = true;
          return { status: 201, body: refunded };
        },
      },
      roles,
    );
  }

  it('is offered only to who may refund', async () => {
    openList(['staff']);
    const table = await screen.findByRole('table', { name: 'Misc Payments' });
    await within(table).findByRole('row', { name: /Check 2210/ });
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('refunds part of a down payment from the customer’s own payments, and the list shows the refund', async () => {
    const { calls, user } = openList(['admin']);
    await user.click(await screen.findByRole('button', { name: 'Refund Check 2210 $1,500.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund Payment' }));
    // Ann's misc payments are the sources; Bob's is another customer's.
    const sources = dialog
      .getAllByRole('group')
      .map((set) => set.getAttribute('aria-label'))
      .filter((label) => label?.startsWith('Refund from'));
    expect(sources).toEqual(['Refund from Check 2210', 'Refund from Cash']);
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund from Check 2210' });
    expect(amount).toHaveValue('1500.00');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(dialog.getByRole('button', { name: 'Refund $500.00' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Refunded $500.00');
    const [sent] = calls.callsTo(`POST ${refundApi}`);
    expect(sent?.body).toEqual({
      payment: 'misc-down',
      total: '500.00',
      sources: [{ transaction: 'misc-down', amount: '500.00' }],
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(dialog.getByRole('button', { name: 'Done' }));

    const table = await screen.findByRole('table', { name: 'Misc Payments' });
    const refundLine = await within(table).findByText('Refund of a misc payment · by Alex Admin');
    const refundCells = within(refundLine.closest('tr')!).getAllByRole('cell');
    expect(refundCells.map((cell) => cell.textContent)).toEqual([
      '07/04/2026 3:05 PM CDT',
      'Ann Buyer',
      '—',
      'Check 2210',
      '$500.00',
      'RefundRefund of a misc payment · by Alex Admin',
      'Alex Admin',
      '',
    ]);
    const paidRow = within(table).getByText('Partially refunded: $500.00').closest('tr')!;
    expect(within(paidRow).getByRole('button', { name: 'Refund Check 2210 $1,500.00' })).toBeVisible();
  });
});
