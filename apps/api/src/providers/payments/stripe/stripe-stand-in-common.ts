import { randomBytes } from 'node:crypto';

// What the stand-in's endpoints share: Stripe's answer and error shapes, ids, and the test PaymentMethods.

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type StripeErrorBody = { type: string; message: string; code?: string; [field: string]: unknown };
export type Outcome = { status: 'succeeded' | 'processing' } | { declineCode: string; message: string };

export type StandInPaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card' | 'us_bank_account';
  card?: Record<string, string | number>;
  us_bank_account?: Record<string, string>;
  /** The Customer it is attached to; null for a test method, or once detached. */
  customer: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

/** A PaymentMethod the stand-in can charge, and how a charge on it ends. */
export type TestMethod = { method: StandInPaymentMethod; outcome: Outcome };

/** A PaymentMethod as Stripe shows it; `details` is its card or us_bank_account part. */
export const paymentMethod = (
  id: string,
  details: Pick<StandInPaymentMethod, 'type' | 'card' | 'us_bank_account'>,
): StandInPaymentMethod => ({
  id,
  object: 'payment_method',
  customer: null,
  metadata: {},
  created: 1_767_225_600,
  livemode: false,
  ...details,
});
const testCard = (id: string, funding: string, last4: string, outcome: Outcome): TestMethod => ({
  method: paymentMethod(id, {
    type: 'card',
    card: { brand: 'visa', funding, last4, exp_month: 12, exp_year: 2034, country: 'US' },
  }),
  outcome,
});
const testBankAccount = {
  account_holder_type: 'individual',
  account_type: 'checking',
  bank_name: 'STRIPE TEST BANK',
  last4: '6789',
  routing_number: '110000000',
};
const genericDecline = { declineCode: 'generic_decline', message: 'Your card was declined.' };
const insufficientFunds = { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };

/** Stripe's test PaymentMethods, by their documented ids, usable in every account. */
export const testMethods: Record<string, TestMethod> = Object.fromEntries(
  [
    testCard('pm_card_visa', 'credit', '4242', { status: 'succeeded' }),
    testCard('pm_card_visa_debit', 'debit', '5556', { status: 'succeeded' }),
    testCard('pm_card_chargeDeclined', 'credit', '0002', genericDecline),
    testCard('pm_card_chargeDeclinedInsufficientFunds', 'credit', '9995', insufficientFunds),
    {
      method: paymentMethod('pm_usBankAccount', {
        type: 'us_bank_account',
        us_bank_account: testBankAccount,
      }),
      // A debit stays processing for days before it settles or fails.
      outcome: { status: 'processing' },
    } satisfies TestMethod,
  ].map((test) => [test.method.id, test]),
);

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const failure = (status: number, error: StripeErrorBody): Answer => ({ status, body: { error } });
export const invalid = (param: string, code: string, message: string): StripeErrorBody => ({
  type: 'invalid_request_error',
  code,
  param,
  message,
});
export const missing = (param: string, message: string) =>
  failure(404, invalid(param, 'resource_missing', message));
