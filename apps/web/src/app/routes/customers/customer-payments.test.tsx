import { screen, waitFor, within } from '@testing-library/react';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import {
  adaWithAccounts,
  customerApi,
  customerPagePath,
  makeAccount,
  openCustomerPage,
} from '../../../test/customer-page-fixtures';
import type { StubRequest } from '../../../test/fetch-stub';
import {
  accountPage,
  checking,
  page,
  takeAnswer,
  transaction,
  visaCredit,
  visaDebit,
} from '../../../test/payment-fixtures';

// Issue 16 on the customer page: an account's payments and 'Take Payment' (docs/product.md §2, §7).

const staff = memberProfile(['staff']);
const admin = memberProfile(['admin']);
const transactionsApi = `${customerApi}accounts/acct-1/transactions/`;

type PostReply = { status?: number; body?: unknown };
type PostHandler = (request: StubRequest) => PostReply | Promise<PostReply>;

function openAccounts(options: { profile?: typeof staff; post?: PostHandler; transactions?: Transaction[] }) {
  return openCustomerPage(customerPagePath, {
    profile: options.profile ?? staff,
    handlers: {
      [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit, visaDebit, checking]) },
      [`GET ${transactionsApi}`]: { body: accountPage(options.transactions ?? []) },
      // The server answers every payment with its reader request (null but for a card present waiting).
      [`POST ${transactionsApi}`]: async (request) => {
        const reply = options.post ? await options.post(request) : { status: 201, body: transaction() };
        return (reply.status ?? 200) < 300
          ? { ...reply, body: takeAnswer(reply.body as Transaction) }
          : reply;
      },
    },
  });
}

async function openTakePayment(user: ReturnType<typeof openAccounts>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Take Payment on Account A-1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Take Payment' });
  await within(dialog).findByRole('combobox', { name: /Pay With/ });
  return within(dialog);
}

const keysOf = (calls: StubRequest[]) => calls.map((call) => call.headers.get('Idempotency-Key'));

describe('an account’s payments', () => {
  it('lists date, method, amount, fee, total and status, with why a payment failed', async () => {
    openAccounts({
      transactions: [
        transaction({
          id: 'pay-3',
          status: 'RETURNED',
          method_kind: 'bank',
          method_label: 'Chase •••• 6789',
          amount_cents: 10_000,
          failure_code: 'R01',
          failure_message: 'Insufficient funds',
        }),
        transaction({
          id: 'pay-2',
          method_kind: 'card',
          method_label: 'Visa •••• 4242',
          amount_cents: 5_000,
          fee_cents: 148,
        }),
        transaction({ id: 'pay-1', amount_cents: 2_500 }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Payments on Account A-1' });
    await within(table).findByRole('row', { name: /Cash/ });
    const rows = within(table).getAllByRole('row');
    const cells = rows.slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      [
        '07/04/2026 3:05 PM CDT',
        'Chase •••• 6789',
        '$100.00',
        '$0.00',
        '$100.00',
        'ReturnedInsufficient funds (R01)',
        'Actions',
      ],
      ['07/04/2026 3:05 PM CDT', 'Visa •••• 4242', '$50.00', '$1.48', '$51.48', 'Paid', 'Actions'],
      ['07/04/2026 3:05 PM CDT', 'Cash', '$25.00', '$0.00', '$25.00', 'Paid', 'Actions'],
    ]);
  });

  it('asks for page 1 of 50 and says when there are none', async () => {
    const { api } = openAccounts({});
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    const [call] = api.callsTo(`GET ${transactionsApi}`);
    expect([call?.search.get('page'), call?.search.get('page_size')]).toEqual(['1', '50']);
  });
});

describe('Take Payment', () => {
  it('shows the shared rules’ messages and sends nothing until they pass', async () => {
    const { api, user } = openAccounts({});
    const dialog = await openTakePayment(user);
    const amount = dialog.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('125.50');
    await user.clear(amount);
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(await dialog.findByText('Amount Due is Required')).toBeInTheDocument();
    expect(
      dialog.getByText('Choose a saved payment method or cash, check or money order'),
    ).toBeInTheDocument();
    await user.type(amount, '0.50');
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(await dialog.findByText('Payment must be larger than $1.00')).toBeInTheDocument();
    expect(api.callsTo(`POST ${transactionsApi}`)).toHaveLength(0);
  });

  it('takes a check with its number, confirms it and refreshes the amount due and the list', async () => {
    const paid = transaction({ method_kind: 'check', method_label: 'Check 1042', amount_cents: 2_500 });
    const { api, user } = openAccounts({ post: () => ({ status: 201, body: paid }) });
    const dialog = await openTakePayment(user);
    const amount = dialog.getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '25.00');
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Check');
    await user.type(dialog.getByRole('textbox', { name: 'Check Number' }), '1042');
    const customerReads = api.callsTo(`GET ${customerApi}`).length;
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));

    const confirmation = within(await dialog.findByRole('status', { name: 'Payment taken' }));
    for (const text of ['Check 1042', '$25.00', 'Paid']) {
      expect(confirmation.getAllByText(text).length).toBeGreaterThan(0);
    }
    const [sent] = api.callsTo(`POST ${transactionsApi}`);
    expect(sent?.body).toEqual({ amount: '25.00', method_kind: 'check', note: '1042', waive_fee: false });
    await waitFor(() => expect(api.callsTo(`GET ${customerApi}`).length).toBeGreaterThan(customerReads));
    expect(api.callsTo(`GET ${transactionsApi}`).length).toBeGreaterThan(1);
  });

  it('sends a lost answer’s retry with the same Idempotency-Key, and a new attempt with a new one', async () => {
    let answers = 0;
    const { api, user } = openAccounts({
      post: () => {
        answers += 1;
        return answers === 1
          ? { status: 502, body: { detail: 'Bad gateway' } }
          : { status: 201, body: transaction() };
      },
    });
    let dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Cash');
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(await dialog.findByText(/the same payment is never charged twice/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    await dialog.findByRole('status', { name: 'Payment taken' });
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Cash');
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    await dialog.findByRole('status', { name: 'Payment taken' });

    const [first, retry, next] = keysOf(api.callsTo(`POST ${transactionsApi}`));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('takes one payment on a double click: the button waits for the answer', async () => {
    let answer: (reply: PostReply) => void = () => {};
    const { api, user } = openAccounts({
      post: () => new Promise<PostReply>((resolve) => (answer = resolve)),
    });
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Cash');
    await user.dblClick(dialog.getByRole('button', { name: 'Take Payment' }));
    await waitFor(() => expect(api.callsTo(`POST ${transactionsApi}`)).toHaveLength(1));
    expect(dialog.getByRole('button', { name: 'Take Payment' })).toBeDisabled();
    answer({ status: 201, body: transaction() });
    await dialog.findByRole('status', { name: 'Payment taken' });
    expect(api.callsTo(`POST ${transactionsApi}`)).toHaveLength(1);
  });

  it('starts a new attempt after a refusal, and shows the server’s words by field or above the form', async () => {
    const refusals = [
      { amount: ['Requested payment amount is less than the minimum allowed'] },
      { non_field_errors: ['This account has already been paid'] },
    ];
    const { api, user } = openAccounts({
      post: () => ({ status: 400, body: refusals.shift() ?? { detail: 'Not found.' } }),
    });
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Money Order');
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(
      await dialog.findByText('Requested payment amount is less than the minimum allowed'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(
      within(await dialog.findByRole('alert')).getByText('This account has already been paid'),
    ).toBeVisible();
    const [first, second] = keysOf(api.callsTo(`POST ${transactionsApi}`));
    expect(second).not.toBe(first);
  });

  it('shows a decline with its reason and keeps the form to try another way', async () => {
    const declined = transaction({
      status: 'FAILED',
      method_kind: 'card',
      method_label: 'Visa •••• 4242',
      failure_code: 'card_declined',
      failure_message: 'Your card was declined.',
    });
    const { user } = openAccounts({ post: () => ({ status: 201, body: declined }) });
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Visa XXXX4242');
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(
      within(await dialog.findByRole('alert')).getByText('Payment failed: Your card was declined.'),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Take Payment' })).toBeEnabled();
  });

  it('shows the fee line on a credit card only, and the Waive fee switch only to who may waive', async () => {
    const charged = transaction({
      method_kind: 'card',
      method_label: 'Visa •••• 4242',
      amount_cents: 12_550,
      fee_cents: 370,
    });
    const { api, user } = openAccounts({ post: () => ({ status: 201, body: charged }) });
    const dialog = await openTakePayment(user);
    const payWith = dialog.getByRole('combobox', { name: /Pay With/ });
    await user.selectOptions(payWith, 'Debit XXXX5556');
    expect(dialog.queryByText('Convenience Fee')).not.toBeInTheDocument();
    await user.selectOptions(payWith, 'Chase ****6789');
    expect(dialog.queryByText('Convenience Fee')).not.toBeInTheDocument();
    await user.selectOptions(payWith, 'Visa XXXX4242');
    expect(dialog.getByText('Convenience Fee')).toBeInTheDocument();
    // Staff may not waive it (docs/product.md §6 is_payment_waive_fee_allowed).
    expect(dialog.queryByRole('switch', { name: 'Waive fee' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));

    const confirmation = within(await dialog.findByRole('status', { name: 'Payment taken' }));
    const feeLine = confirmation.getByText('Convenience Fee').parentElement!;
    expect(within(feeLine).getByText('$3.70')).toBeInTheDocument();
    const totalLine = confirmation.getByText('Total').parentElement!;
    expect(within(totalLine).getByText('$129.20')).toBeInTheDocument();
    expect(api.callsTo(`POST ${transactionsApi}`)[0]?.body).toEqual({
      amount: '125.50',
      payment_method: 'pm-credit',
      note: '',
      waive_fee: false,
    });
  });

  it('lets an admin waive the fee', async () => {
    const waived = transaction({ method_kind: 'card', method_label: 'Visa •••• 4242', fee_waived: true });
    const { api, user } = openAccounts({ profile: admin, post: () => ({ status: 201, body: waived }) });
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Visa XXXX4242');
    await user.click(dialog.getByRole('switch', { name: 'Waive fee' }));
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    const confirmation = within(await dialog.findByRole('status', { name: 'Payment taken' }));
    expect(
      within(confirmation.getByText('Convenience Fee').parentElement!).getByText('Waived'),
    ).toBeVisible();
    expect(api.callsTo(`POST ${transactionsApi}`)[0]?.body).toMatchObject({ waive_fee: true });
  });

  it('says a bank payment is processing', async () => {
    const processing = transaction({
      status: 'PROCESSING',
      method_kind: 'bank',
      method_label: 'Chase •••• 6789',
    });
    const { user } = openAccounts({ post: () => ({ status: 201, body: processing }) });
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Chase ****6789');
    await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
    expect(await dialog.findByText('Processing — bank payments settle in a few days')).toBeVisible();
  });

  it('offers no Take Payment on a co-borrowed account', async () => {
    openCustomerPage(customerPagePath, {
      profile: staff,
      customer: { ...adaWithAccounts, accounts: [makeAccount({ role: 'co_borrower' })] },
    });
    expect(await screen.findByRole('heading', { name: 'Account A-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take Payment/ })).not.toBeInTheDocument();
  });

  it('lists a voided customer’s payments but takes none', async () => {
    openCustomerPage(customerPagePath, {
      profile: staff,
      customer: { ...adaWithAccounts, voided_at: '2026-07-04T20:05:00.000Z' },
      handlers: { [`GET ${transactionsApi}`]: { body: accountPage([transaction()]) } },
    });
    expect(await screen.findByRole('row', { name: /Cash/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take Payment/ })).not.toBeInTheDocument();
  });
});
