import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { MiscPaymentRow } from '@paylane/shared/contracts/payments';
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

function openMisc(path: string, handlers: Record<string, StubReply | ((r: StubRequest) => StubReply)> = {}) {
  const calls = signedIn(['staff'], {
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
