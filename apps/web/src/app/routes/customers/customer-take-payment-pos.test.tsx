import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';
import type { StubReply, StubRequest } from '../../../test/fetch-stub';
import {
  accountPage,
  checking,
  demoCardFee,
  page,
  takeAnswer,
  transaction,
  visaCredit,
  visaDebit,
} from '../../../test/payment-fixtures';

// Take Payment at the counter (issue 16 item 4): the fee and total shown before charging, by the server's
// rule; card present through the merchant's reader, with the sandbox's test cards when it is simulated.

const staff = memberProfile(['staff']);
const admin = memberProfile(['admin']);
const transactionsApi = `${customerApi}accounts/acct-1/transactions/`;
const presentApi = '/api/sandbox-processor/readers/rdr-1/present/';
const visaPrepaid: PaymentMethodOption = {
  ...visaCredit,
  id: 'pm-prepaid',
  nickname: 'Gift',
  masked_card_number: 'XXXXXXXXXXXX0004',
  funding: 'prepaid',
};

type Options = {
  profile?: typeof staff;
  cardFee?: { percent_bps: number | null; flat_cents: number } | null;
  take?: (request: StubRequest) => StubReply;
  present?: (request: StubRequest) => StubReply;
};

function openAccounts(options: Options = {}) {
  return openCustomerPage(customerPagePath, {
    profile: options.profile ?? staff,
    handlers: {
      [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit, visaDebit, visaPrepaid, checking]) },
      [`GET ${transactionsApi}`]: { body: accountPage([], options.cardFee ?? demoCardFee) },
      [`POST ${transactionsApi}`]: options.take ?? { status: 201, body: takeAnswer(transaction()) },
      [`POST ${presentApi}`]: options.present ?? { body: { presented: true } },
    },
  });
}

async function openTakePayment(user: ReturnType<typeof openAccounts>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Take Payment on Account A-1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Take Payment' });
  await within(dialog).findByRole('combobox', { name: /Pay With/ });
  return within(dialog);
}

const lineOf = (group: HTMLElement, label: string) =>
  within(group).getByText(label).parentElement?.textContent;

describe('Take Payment shows the fee and total before charging', () => {
  it('computes the percentage fee on a credit card as the amount changes; none on debit, prepaid or a bank', async () => {
    const { api, user } = openAccounts();
    const dialog = await openTakePayment(user);
    const payWith = dialog.getByRole('combobox', { name: /Pay With/ });
    await user.selectOptions(payWith, 'Visa XXXX4242');
    const preview = await dialog.findByRole('group', { name: 'Fee and total' });
    // 2.95 % of $125.50 is $3.70 (rounded half up), its own line.
    expect(lineOf(preview, 'Convenience Fee')).toBe('Convenience Fee$3.70');
    expect(lineOf(preview, 'Total')).toBe('Total$129.20');
    const amount = dialog.getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '10.00');
    expect(lineOf(preview, 'Convenience Fee')).toBe('Convenience Fee$0.30');
    expect(lineOf(preview, 'Total')).toBe('Total$10.30');
    for (const other of ['Debit XXXX5556', 'Gift XXXX0004', 'Chase ****6789', 'Cash', 'Card Present']) {
      await user.selectOptions(payWith, other);
      expect(dialog.queryByRole('group', { name: 'Fee and total' })).not.toBeInTheDocument();
    }
    expect(api.callsTo(`POST ${transactionsApi}`)).toHaveLength(0);
  });

  it('shows a flat fee whatever the amount', async () => {
    const flat = openAccounts({ cardFee: { percent_bps: null, flat_cents: 195 } });
    const dialog = await openTakePayment(flat.user);
    await flat.user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Visa XXXX4242');
    const preview = await dialog.findByRole('group', { name: 'Fee and total' });
    expect(lineOf(preview, 'Convenience Fee')).toBe('Convenience Fee$1.95');
    expect(lineOf(preview, 'Total')).toBe('Total$127.45');
  });

  it('shows no fee line when the merchant charges none', async () => {
    const none = openAccounts({ cardFee: { percent_bps: null, flat_cents: 0 } });
    const dialog = await openTakePayment(none.user);
    await none.user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Visa XXXX4242');
    expect(dialog.queryByRole('group', { name: 'Fee and total' })).not.toBeInTheDocument();
  });

  it('shows the fee waived and the total without it when an admin switches Waive fee on', async () => {
    const { user } = openAccounts({ profile: admin });
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Visa XXXX4242');
    const preview = await dialog.findByRole('group', { name: 'Fee and total' });
    await user.click(within(preview).getByRole('switch', { name: 'Waive fee' }));
    expect(lineOf(preview, 'Convenience Fee')).toBe('Convenience FeeWaived');
    expect(lineOf(preview, 'Total')).toBe('Total$125.50');
  });
});

const waiting = (simulated: boolean) =>
  takeAnswer(transaction({ status: 'PENDING', method_kind: 'card_present', method_label: 'Card present' }), {
    request_id: 'rdr-1',
    simulated,
  });
const outcome = (overrides: Partial<Transaction['payment']> & { status: Transaction['status'] }) =>
  takeAnswer(transaction({ method_kind: 'card_present', method_label: 'Card present', ...overrides }));

/** The take-payment stub: waiting until a card is presented, then the outcome the card gives. */
function readerServer(simulated: boolean, result: ReturnType<typeof outcome>) {
  let isPresented = false;
  return {
    take: (): StubReply => ({ status: 201, body: isPresented ? result : waiting(simulated) }),
    present: (): StubReply => {
      isPresented = true;
      return { body: { presented: true } };
    },
  };
}

async function takeOnReader(user: ReturnType<typeof openAccounts>['user']) {
  const dialog = await openTakePayment(user);
  await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Card Present');
  await user.click(dialog.getByRole('button', { name: 'Take Payment' }));
  const panel = await dialog.findByRole('region', { name: 'Card reader' });
  expect(within(panel).getByText('Waiting for the card reader')).toBeVisible();
  return { dialog, panel: within(panel) };
}

describe('Take Payment with a card present', () => {
  it('waits for the sandbox reader, presents a test card and shows the payment paid, all under one key', async () => {
    const server = readerServer(true, outcome({ status: 'PAID' }));
    const { api, user } = openAccounts(server);
    const { dialog, panel } = await takeOnReader(user);
    await user.click(panel.getByRole('button', { name: 'Visa credit (approved)' }));
    const confirmation = within(await dialog.findByRole('status', { name: 'Payment taken' }));
    expect(confirmation.getByText('Paid')).toBeVisible();
    expect(confirmation.getByText('Card present')).toBeVisible();
    expect(api.callsTo(`POST ${presentApi}`).map((call) => call.body)).toEqual([{ card: 'visa_credit' }]);
    const takes = api.callsTo(`POST ${transactionsApi}`);
    expect(takes.length).toBeGreaterThanOrEqual(2);
    // Asking for the outcome is the same request again: the same key and body, so nothing is charged twice.
    expect(new Set(takes.map((call) => call.headers.get('Idempotency-Key'))).size).toBe(1);
    for (const call of takes)
      expect(call.body).toEqual({
        amount: '125.50',
        method_kind: 'card_present',
        note: '',
        waive_fee: false,
      });
  });

  it('shows a declined card with its reason; trying again is a new payment with a new key', async () => {
    const declined = outcome({
      status: 'FAILED',
      failure_code: 'insufficient_funds',
      failure_message: 'Your card has insufficient funds.',
    });
    const server = readerServer(true, declined);
    const { api, user } = openAccounts(server);
    const { dialog, panel } = await takeOnReader(user);
    await user.click(panel.getByRole('button', { name: 'Insufficient funds' }));
    expect(
      within(await dialog.findByRole('alert')).getByText('Payment failed: Your card has insufficient funds.'),
    ).toBeVisible();
    expect(api.callsTo(`POST ${presentApi}`).map((call) => call.body)).toEqual([
      { card: 'insufficient_funds' },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Try Again' }));
    await user.click(await dialog.findByRole('button', { name: 'Take Payment' }));
    await waitFor(() => {
      const keys = new Set(
        api.callsTo(`POST ${transactionsApi}`).map((call) => call.headers.get('Idempotency-Key')),
      );
      expect(keys.size).toBe(2);
    });
  });

  it('shows only the waiting state with a real reader, then the outcome when the reader answers', async () => {
    let answers = 0;
    const { user } = openAccounts({
      // The second ask (the first poll) finds the card tapped on the counter's reader.
      take: () => ({ status: 201, body: ++answers < 2 ? waiting(false) : outcome({ status: 'PAID' }) }),
    });
    const { dialog, panel } = await takeOnReader(user);
    expect(panel.queryByRole('button', { name: /Visa credit/ })).not.toBeInTheDocument();
    expect(panel.queryByText(/Sandbox reader/)).not.toBeInTheDocument();
    // Polled every 2 s (READER_POLL_MS): the bound leaves room for one poll on a loaded machine.
    const confirmation = await dialog.findByRole('status', { name: 'Payment taken' }, { timeout: 10_000 });
    expect(within(confirmation).getByText('Paid')).toBeVisible();
  });

  it('offers no fee line for a card present', async () => {
    const { user } = openAccounts();
    const dialog = await openTakePayment(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Pay With/ }), 'Card Present');
    expect(dialog.queryByRole('group', { name: 'Fee and total' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
  });
});
