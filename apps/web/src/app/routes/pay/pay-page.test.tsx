import { act, screen, waitFor, within } from '@testing-library/react';
import type { PayLinkReceipt, PayLinkSession, PayLinkSummary } from '@paylane/shared/contracts/pay-links';
import { METHOD_ENTRY_MESSAGE_TYPE, type MethodEntry } from '@paylane/shared/contracts/payment-methods';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const token = 'Ab3dE5gH7kLm9nP1qR3sT5uV7wX9yZ1aB3cD5eF7gH9';
const api = `/api/pay/${token}/`;

const summary = (overrides: Partial<PayLinkSummary> = {}): PayLinkSummary => ({
  status: 'open',
  merchant: { name: 'Demo Motors', logo_url: null, phone: '+15550100' },
  amount_due_cents: 25_000,
  masked_customer_name: 'A. L.',
  masked_account_number: '••••4821',
  verify_with: 'last_name_and_date_of_birth',
  expires_at: '2026-12-02T12:00:00Z',
  ...overrides,
});
const session: PayLinkSession = {
  session: 'session-secret',
  customer: { first_name: 'Ada', last_name: 'Lovelace' },
  account: { account_number: 'A-4821', amount_due_cents: 25_000, due_date: '2026-12-05' },
  card_fee: { percent_bps: 295, flat_cents: 0 },
};
const entry: MethodEntry = {
  entry_id: 'sbx_entry_1',
  provider: 'sandbox',
  url: '/api/sandbox-processor/entry/sbx_entry_1/',
  client_secret: null,
};
const receipt = (status: 'PAID' | 'FAILED', failure: string | null = null): PayLinkReceipt => ({
  merchant: { name: 'Demo Motors', logo_url: null, phone: null, time_zone: 'America/Chicago' },
  merchant_name: 'Demo Motors',
  customer_name: 'Ada Lovelace',
  account_number: 'A-4821',
  transaction: {
    id: '5f0c6e1e-0000-4000-8000-000000000001',
    status,
    created: '2026-11-25T12:00:00Z',
    payment: {
      id: '5f0c6e1e-0000-4000-8000-000000000001',
      customer_id: 'cust-1',
      account_id: 'acct-1',
      method_kind: 'card',
      method_label: 'VISA •••• 4242',
      note: '',
      amount_cents: 10_000,
      fee_cents: status === 'PAID' ? 295 : 0,
      fee_waived: false,
      total_amount_cents: status === 'PAID' ? 10_295 : 10_000,
      failure_code: failure ? 'card_declined' : null,
      failure_message: failure,
      paid_at: status === 'PAID' ? '2026-11-25T12:00:00Z' : null,
      refunded_cents: 0,
      fee_refunded_cents: 0,
      refund_of: null,
    },
  },
  refunds: [],
  refunded_cents: 0,
});

/** The hosted page telling this window the card was saved (same origin, as the sandbox page posts it). */
const finishEntry = () =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: METHOD_ENTRY_MESSAGE_TYPE, entry_id: entry.entry_id },
        origin: window.location.origin,
      }),
    );
  });

function openPayPage(handlers: Record<string, StubReply | ((request: never) => StubReply)> = {}) {
  const calls = stubFetch({
    [`GET ${api}`]: { body: summary() },
    [`POST ${api}verify/`]: { body: session },
    [`POST ${api}entry/`]: { status: 201, body: entry },
    ...(handlers as Record<string, StubReply>),
  });
  return { ...renderApp(`/pay/${token}`), api: calls };
}

describe('the pay page', () => {
  it("shows the card's shape and a Loading status while the link loads, then the amount due", async () => {
    // Every request for it waits until the test answers them all.
    const held: ((reply: StubReply) => void)[] = [];
    const answer = (reply: StubReply) => held.forEach((resolve) => resolve(reply));
    openPayPage({ [`GET ${api}`]: (() => new Promise<StubReply>((resolve) => held.push(resolve))) as never });
    expect(await screen.findByRole('status', { name: 'Loading' })).toHaveTextContent('Loading');
    expect(screen.getByRole('heading', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Last name')).not.toBeInTheDocument();

    // The skeleton shows as soon as the query starts; its request may leave a moment later.
    await waitFor(() => expect(held).not.toHaveLength(0));
    answer({ body: summary() });
    expect(await screen.findByText('$250.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows masked data, the mismatch message inline, then pays by card with the fee line and shows the receipt', async () => {
    let verifyCalls = 0;
    const { user, api: calls } = openPayPage({
      [`POST ${api}verify/`]: () =>
        ++verifyCalls === 1
          ? {
              status: 400,
              body: { non_field_errors: ['Provided information does not match customer record'] },
            }
          : { body: session },
      [`POST ${api}pay/`]: { status: 201, body: receipt('PAID') },
    });
    expect(await screen.findByRole('heading', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(await screen.findByText('Demo Motors')).toBeInTheDocument();
    expect(screen.getByText('$250.00')).toBeInTheDocument();
    expect(screen.getByText(/••••4821 · A\. L\./)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Last name'), 'Lovelase');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Provided information does not match customer record',
    );
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const amount = await screen.findByLabelText('Payment amount');
    expect(amount).toHaveValue('250.00');
    await user.clear(amount);
    await user.type(amount, '100');
    expect(screen.getByTestId('card-fee-line')).toHaveTextContent('$2.95');
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enter card details' }));
    expect(await screen.findByTitle('Card entry')).toHaveAttribute('src', entry.url);
    finishEntry();
    await user.click(await screen.findByRole('button', { name: 'Pay $100.00' }));

    expect(await screen.findByRole('heading', { name: 'Payment Receipt' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Receipt' });
    expect(within(table).getByText('Convenience fee')).toBeInTheDocument();
    expect(within(table).getByText('$102.95')).toBeInTheDocument();
    const [paid] = calls.callsTo(`POST ${api}pay/`);
    expect(paid?.body).toEqual({ amount: '100', entry_id: entry.entry_id });
    expect(paid?.headers.get('X-Pay-Session')).toBe('session-secret');
    expect(paid?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.callsTo(`POST ${api}entry/`)[0]?.headers.get('X-Pay-Session')).toBe('session-secret');
  });

  it('shows a decline with its reason and offers a new entry', async () => {
    const { user } = openPayPage({
      [`POST ${api}pay/`]: { status: 201, body: receipt('FAILED', 'Your card was declined.') },
    });
    await user.type(await screen.findByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Enter card details' }));
    await screen.findByTitle('Card entry');
    finishEntry();
    await user.click(await screen.findByRole('button', { name: 'Pay $250.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.queryByTitle('Card entry')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter card details' })).toBeInTheDocument();
  });

  it("asks for the PIN first when the account has one: 'Pins do not match' on the field, then verifies", async () => {
    let verifyCalls = 0;
    const { user, api: calls } = openPayPage({
      [`GET ${api}`]: { body: summary({ verify_with: 'pin' }) },
      [`POST ${api}verify/`]: () =>
        ++verifyCalls === 1 ? { status: 400, body: { pin: ['Pins do not match'] } } : { body: session },
    });
    const pin = await screen.findByLabelText('PIN');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText('Last name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(calls.callsTo(`POST ${api}verify/`)).toHaveLength(0);

    await user.type(pin, '1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Pins do not match');
    expect(pin).toHaveAccessibleDescription('Pins do not match');
    await user.clear(pin);
    await user.type(pin, '4821');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Payment amount')).toHaveValue('250.00');
    expect(calls.callsTo(`POST ${api}verify/`).map((call) => call.body)).toEqual([
      { pin: '1234' },
      { pin: '4821' },
    ]);
  });

  it('lets the payer with a PIN verify by last name and date of birth instead, and back', async () => {
    const { user, api: calls } = openPayPage({ [`GET ${api}`]: { body: summary({ verify_with: 'pin' }) } });
    await screen.findByLabelText('PIN');
    await user.click(screen.getByRole('button', { name: 'Use last name and date of birth instead' }));
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my PIN instead' }));
    await user.click(screen.getByRole('button', { name: 'Use last name and date of birth instead' }));
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Payment amount')).toBeInTheDocument();
    expect(calls.callsTo(`POST ${api}verify/`)[0]?.body).toEqual({
      last_name: 'Lovelace',
      date_of_birth: '1990-04-12',
    });
  });

  it('offers no PIN when the account has none', async () => {
    openPayPage();
    expect(await screen.findByLabelText('Last name')).toBeInTheDocument();
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my PIN instead' })).not.toBeInTheDocument();
  });

  it('says plainly when a link was used, has expired or is not valid', async () => {
    const { unmount } = openPayPage({ [`GET ${api}`]: { body: summary({ status: 'paid' }) } }).view;
    expect(await screen.findByRole('heading', { name: 'Already Paid' })).toBeInTheDocument();
    expect(screen.getByText(/already been used/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Last name')).not.toBeInTheDocument();
    unmount();

    openPayPage({ [`GET ${api}`]: { body: summary({ status: 'expired' }) } });
    expect(await screen.findByRole('heading', { name: 'Link Expired' })).toBeInTheDocument();
    expect(screen.getByText(/call Demo Motors at/)).toBeInTheDocument();
  });

  it('says a link nobody made is not valid', async () => {
    openPayPage({ [`GET ${api}`]: { status: 404, body: { detail: 'Not found.' } } });
    expect(await screen.findByText(/This payment link is not valid/)).toBeInTheDocument();
  });
});
