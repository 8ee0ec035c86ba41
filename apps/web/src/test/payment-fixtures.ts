import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import type { Transaction } from '@paylane/shared/contracts/payments';

// Saved methods and payments as the payments calls answer them (docs/product.md §3, §7).

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const visaCredit: PaymentMethodOption = {
  id: 'pm-credit',
  payment_type: 'CREDIT',
  card_type: 'VISA',
  nickname: 'Visa',
  masked_card_number: 'XXXXXXXXXXXX4242',
  masked_account_number: null,
  funding: 'credit',
  is_retired: false,
  retired_reason: null,
};
export const visaDebit: PaymentMethodOption = {
  ...visaCredit,
  id: 'pm-debit',
  payment_type: 'DEBIT',
  nickname: 'Debit',
  masked_card_number: 'XXXXXXXXXXXX5556',
  funding: 'debit',
};
export const checking: PaymentMethodOption = {
  id: 'pm-bank',
  payment_type: 'CHECKING',
  card_type: null,
  nickname: 'Chase',
  masked_card_number: null,
  masked_account_number: '********6789',
  funding: null,
  is_retired: false,
  retired_reason: null,
};

/** A payment of $25.00 in cash on acct-1 unless told otherwise. */
export function transaction(
  overrides: Partial<Transaction['payment']> & { status?: Transaction['status'] } = {},
) {
  const { status = 'PAID', ...payment } = overrides;
  const amount = payment.amount_cents ?? 2_500;
  const fee = payment.fee_cents ?? 0;
  return {
    id: payment.id ?? 'pay-1',
    status,
    created: '2026-07-04T20:05:00.000Z',
    payment: {
      id: 'pay-1',
      customer_id: 'cust-1',
      account_id: 'acct-1',
      method_kind: 'cash',
      method_label: 'Cash',
      note: '',
      amount_cents: amount,
      fee_cents: fee,
      fee_waived: false,
      total_amount_cents: amount + fee,
      failure_code: null,
      failure_message: null,
      paid_at: status === 'PAID' ? '2026-07-04T20:05:00.000Z' : null,
      refunded_cents: 0,
      fee_refunded_cents: 0,
      refund_of: null,
      ...payment,
    },
  } satisfies Transaction;
}

/** The demo's card fee (2.95 % on credit) as an account's payments list answers it. */
export const demoCardFee = { percent_bps: 295, flat_cents: 0 };

/** An account's payments list as the API answers it: the page and the card fee a payment on it carries. */
export const accountPage = (
  results: Transaction[],
  cardFee: { percent_bps: number | null; flat_cents: number } | null = demoCardFee,
) => ({
  ...page(results),
  card_fee: cardFee,
});

/** Take Payment's answer: the transaction, and the reader request while a card-present payment waits. */
export const takeAnswer = (
  taken: Transaction,
  reader: { request_id: string; simulated: boolean } | null = null,
) => ({ ...taken, reader });
