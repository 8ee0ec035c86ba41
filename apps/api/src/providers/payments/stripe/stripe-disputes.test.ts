import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { bankReturnOfDispute } from './stripe-disputes';

// Stripe's dispute reasons for a bank debit read as NACHA codes; an unknown one as unauthorized (R10).
describe('a Stripe dispute as a bank return', () => {
  const dispute = (reason: string, type = 'us_bank_account') =>
    ({
      id: 'dp_1',
      object: 'dispute',
      amount: 12_345,
      charge: 'ch_1',
      payment_intent: 'pi_1',
      reason,
      status: 'lost',
      payment_method_details: { type },
    }) as unknown as Stripe.Dispute;

  it.each([
    ['debit_not_authorized', 'R10', 'Customer advises not authorized'],
    ['customer_initiated', 'R10', 'Customer advises not authorized'],
    ['insufficient_funds', 'R01', 'Insufficient funds'],
    ['incorrect_account_details', 'R03', 'No account / unable to locate account'],
    ['bank_cannot_process', 'R02', 'Account closed'],
    ['general', 'R10', 'Customer advises not authorized'],
  ])('%s → %s', (reason, code, meaning) => {
    expect(bankReturnOfDispute(dispute(reason))).toEqual({
      processorChargeId: 'pi_1',
      amountCents: 12_345,
      failureCode: code,
      failureMessage: `${meaning} (Stripe dispute: ${reason})`,
    });
  });

  it('ignores a card dispute (a chargeback)', () => {
    expect(bankReturnOfDispute(dispute('fraudulent', 'card'))).toBeNull();
  });
});
