import type { PaymentPromise } from '@paylane/shared/contracts/promises';

// Promises to pay as the promises calls answer them (packages/shared/src/contracts/promises.ts).

/** An open, unconfirmed promise of $100.00 on Ada's acct-1 for 07/10/2027 3:00 PM in Chicago, unless told otherwise. */
export function makePromise(overrides: Partial<PaymentPromise> = {}): PaymentPromise {
  return {
    id: 'promise-1',
    customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace' },
    account: { id: 'acct-1', external_id: 'A-1' },
    status: 'PROMISED',
    outcome: 'open',
    scheduled_date: '2027-07-10T20:00:00.000Z',
    date: '2027-07-10',
    time: '15:00',
    amount_cents: 10_000,
    paid_cents: 0,
    payment_method: null,
    transaction_id: null,
    failure_message: null,
    note: null,
    created: '2027-07-01T15:00:00.000Z',
    created_by: 'Jane Doe',
    confirmed_at: null,
    cancelled_at: null,
    decided_at: null,
    ...overrides,
  };
}

/** The same promise as a scheduled payment with Ada's saved Visa. */
export const scheduledPromise = (overrides: Partial<PaymentPromise> = {}) =>
  makePromise({
    id: 'promise-2',
    status: 'SCHEDULED',
    payment_method: { id: 'pm-credit', label: 'Visa XXXX4242', kind: 'card' },
    ...overrides,
  });
