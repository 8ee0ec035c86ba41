import { screen, waitFor, within } from '@testing-library/react';
import type { Transaction } from '@paylane/shared/contracts/payments';
import type { Refund } from '@paylane/shared/contracts/refunds';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';
import type { StubReply, StubRequest } from '../../../test/fetch-stub';
import { merchantA } from '../../../test/fixtures';
import { accountPage, page, transaction } from '../../../test/payment-fixtures';

// Issue 17 on the customer page: refunds beside their payment and the Refund modal (docs/product.md §3 Refund):
// sources with amounts, the fee kept or returned by choice, the total, inline messages, one key per attempt.

const transactionsApi = `${customerApi}accounts/acct-1/transactions/`;
const refundApi = `/api/merchants/${merchantA.id}/refund_payment/`;
const admin = memberProfile(['admin']);
const staff = memberProfile(['staff']);

const card = transaction({
  id: 'pay-card',
  method_kind: 'card',
  method_label: 'Visa •••• 4242',
  amount_cents: 10_000,
  fee_cents: 295,
});
const cash = transaction({ id: 'pay-cash', amount_cents: 5_000 });

const refundOf = (sent: StubRequest): Refund => ({
  id: 'refund-1',
  payment: 'pay-card',
  sources: [
    {
      id: 'row-1',
      transaction: { id: 'pay-card', total_amount_cents: 10_295 },
      payment_method: 'Visa •••• 4242',
      method_kind: 'card',
      amount_cents: 4_000,
      convenience_fee_cents: 0,
      status: 'REFUND',
      failure_code: null,
      failure_message: null,
    },
  ],
  total_amount_cents: Math.round(Number((sent.body as { total: string }).total) * 100),
  total_no_fee_amount_cents: 4_000,
  fee_cents: 0,
  date: '2026-07-05T15:00:00.000Z',
  refunded_by: 'Alex Admin',
});

function openRefunds(options: {
  profile?: typeof admin;
  post?: (request: StubRequest) => StubReply;
  transactions?: Transaction[];
}) {
  return openCustomerPage(customerPagePath, {
    profile: options.profile ?? admin,
    handlers: {
      [`GET ${customerApi}payment_methods/`]: { body: page([]) },
      [`GET ${transactionsApi}`]: { body: accountPage(options.transactions ?? [card, cash]) },
      [`POST ${refundApi}`]: (request) => options.post?.(request) ?? { status: 201, body: refundOf(request) },
    },
  });
}

async function openRefund(user: ReturnType<typeof openRefunds>['user'], name = /Refund Visa •••• 4242/) {
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: 'Refund Payment' }));
}

describe('refunds on the customer page', () => {
  it('offers Refund only to who may refund', async () => {
    openRefunds({ profile: staff });
    await screen.findByRole('table', { name: 'Payments on Account A-1' });
    await screen.findByRole('row', { name: /Visa/ });
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
  });

  it('shows a refund beside its payment: partly refunded, the refund’s row with the fee kept and who', async () => {
    const refundRow = transaction({
      id: 'row-1',
      status: 'REFUND',
      method_kind: 'card',
      method_label: 'Visa •••• 4242',
      amount_cents: 4_000,
      refund_of: 'pay-card',
    });
    openRefunds({
      transactions: [
        { ...refundRow, taken_by: 'Alex Admin' } as Transaction,
        { ...card, payment: { ...card.payment, refunded_cents: 4_000 } },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Payments on Account A-1' });
    expect(await within(table).findByText('Partially refunded: $40.00')).toBeInTheDocument();
    expect(
      within(table).getByText('Refund of this account’s payment · fee kept · by Alex Admin'),
    ).toBeInTheDocument();
  });

  it('asks for the fee choice, checks amounts as typed, and sends the sources with the fee source last', async () => {
    const { api, user } = openRefunds({});
    const dialog = await openRefund(user);
    const fieldsets = dialog
      .getAllByRole('group')
      .filter((set) => set.getAttribute('aria-label')?.startsWith('Refund from'));
    // The cash payment first, the fee-carrying card last, as the refund will run.
    expect(fieldsets.map((set) => set.getAttribute('aria-label'))).toEqual([
      'Refund from Cash',
      'Refund from Visa •••• 4242',
    ]);
    const cardAmount = dialog.getByRole('textbox', { name: 'Amount to refund from Visa •••• 4242' });
    expect(cardAmount).toHaveValue('100.00');
    await user.clear(cardAmount);
    await user.type(cardAmount, '100.01');
    expect(await dialog.findByText('Only $100.00 is left to refund on this payment.')).toBeInTheDocument();
    await user.clear(cardAmount);
    await user.type(cardAmount, '40');
    await user.click(dialog.getByRole('button', { name: 'Refund $40.00' }));
    expect(
      await dialog.findByText('Choose whether the convenience fee is returned or kept.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${refundApi}`)).toHaveLength(0);

    await user.click(dialog.getByRole('radio', { name: 'Keep the fee' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount to refund from Cash' }), '10.50');
    expect(dialog.getByText('Total $50.50')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund $50.50' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Refunded $50.50');
    const [sent] = api.callsTo(`POST ${refundApi}`);
    expect(sent?.body).toEqual({
      payment: 'pay-card',
      total: '50.50',
      sources: [
        { transaction: 'pay-cash', amount: '10.50' },
        { transaction: 'pay-card', amount: '40.00', convenience_fee: '0.00' },
      ],
    });
  });

  it('returns the fee when chosen, keeps one key through a lost answer and takes a new one after a refusal', async () => {
    const replies: StubReply[] = [
      { status: 502, body: { detail: 'Bad gateway' } },
      {
        status: 400,
        body: {
          'sources.0.amount': [
            'More than is left on this payment would be refunded; it was refunded meanwhile.',
          ],
        },
      },
    ];
    const { api, user } = openRefunds({
      transactions: [card],
      post: (request) => replies.shift() ?? { status: 201, body: refundOf(request) },
    });
    const dialog = await openRefund(user);
    await user.click(dialog.getByRole('radio', { name: 'Return the fee' }));
    await user.click(dialog.getByRole('button', { name: 'Refund $102.95' }));
    expect(await dialog.findByText(/the same refund is never made twice/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund $102.95' }));
    expect(
      await dialog.findByText(
        'More than is left on this payment would be refunded; it was refunded meanwhile.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund $102.95' }));
    await dialog.findByRole('status');
    const keys = api.callsTo(`POST ${refundApi}`).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(api.callsTo(`POST ${refundApi}`)[0]?.body).toMatchObject({
      total: '102.95',
      sources: [{ transaction: 'pay-card', amount: '100.00', convenience_fee: '2.95' }],
    });
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
