import { returnRuleOf } from '@paylane/shared/contracts/bank-returns';
import type Stripe from 'stripe';
import type { ProcessorBankReturn } from '../payment-processor';

// A bank debit that comes back after Stripe reported it succeeded: Stripe has no "returned" status for a
// PaymentIntent; it opens a dispute instead (`charge.dispute.created`; ACH disputes are final and cannot be
// contested). Paylane treats it as the bank return it is (docs/reference/payments.md, Stripe adapter).

/**
 * Stripe's dispute reason → the NACHA return code whose rule applies (packages/shared contracts/bank-returns.ts):
 * - debit_not_authorized, customer_initiated: the account holder told the bank the debit was not authorized (R10).
 * - insufficient_funds: R01; incorrect_account_details: no such account (R03); bank_cannot_process: the account
 *   cannot be debited, as a closed account (R02).
 * Any other reason on a bank debit is read as unauthorized (R10): the conservative choice, since it stops
 * autopay and is never charged again without a new authorization, where guessing R01 would debit again.
 */
const codeOfReason: Record<string, string> = {
  debit_not_authorized: 'R10',
  customer_initiated: 'R10',
  insufficient_funds: 'R01',
  incorrect_account_details: 'R03',
  bank_cannot_process: 'R02',
};
const UNKNOWN_REASON_CODE = 'R10';

/**
 * The return a dispute stands for, named by its PaymentIntent (our payment's processor charge id); null for a
 * card dispute (a chargeback, out of scope) or a dispute naming no PaymentIntent. Whether the payment is a bank
 * debit is decided again from our own record of it.
 */
export function bankReturnOfDispute(dispute: Stripe.Dispute): ProcessorBankReturn | null {
  if (dispute.payment_method_details?.type === 'card') return null;
  const intent = dispute.payment_intent;
  const processorChargeId = typeof intent === 'string' ? intent : (intent?.id ?? '');
  if (!processorChargeId) return null;
  const code = codeOfReason[dispute.reason] ?? UNKNOWN_REASON_CODE;
  return {
    processorChargeId,
    amountCents: dispute.amount,
    failureCode: code,
    failureMessage: `${returnRuleOf(code).meaning} (Stripe dispute: ${dispute.reason})`,
  };
}
