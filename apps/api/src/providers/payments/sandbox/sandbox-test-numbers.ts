import valid from 'card-validator';
import type { BinInfo, CardBrand, CardFunding } from '../payment-processor';

// The sandbox processor's documented test numbers (docs/reference/payments.md, "The sandbox processor"). They
// follow Stripe's test numbers where Stripe has one, so a tester who knows one knows the other.

/** How a charge on a test method ends. */
export type SandboxOutcome =
  | { status: 'succeeded' }
  /** Succeeds only after the sandbox's delay (SANDBOX_PROCESSOR_DELAY_MS); `processing` until then. */
  | { status: 'delayed' }
  /**
   * The charge succeeds, but its first answer is lost on the way back (an ambiguous network failure): for
   * proving that a retry reconciles with the processor instead of charging again.
   */
  | { status: 'answer_lost' }
  | { status: 'failed'; code: string; message: string }
  /** The charge succeeds; every refund of it fails (`refund_failed`), as Stripe's 4000 0000 0000 5126. */
  | { status: 'refund_fails' }
  /** Bank debits: processing until the settle delay, then settled or returned with a NACHA code. */
  | { status: 'settles' }
  | { status: 'returns'; code: string; message: string }
  /**
   * Settles, then comes back after a further settle delay (returns_at), as an unauthorized return may up to
   * 60 days after settlement; also what a settled charge becomes when a test returns it by hand.
   */
  | { status: 'settles_then_returns'; code: string; message: string }
  /** The method's first debit comes back with the code; every later one (a re-presentment) settles. */
  | { status: 'returns_once'; code: string; message: string };

const declined = (code: string, message: string): SandboxOutcome => ({ status: 'failed', code, message });

/** Cards whose full number decides the outcome; any other valid number of a known BIN succeeds. */
export const sandboxTestCards: Record<string, SandboxOutcome> = {
  '4000000000000002': declined('card_declined', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000069': declined('expired_card', 'Your card has expired.'),
  '4000000000000119': declined('processing_error', 'An error occurred while processing your card.'),
  '4000000000000077': { status: 'delayed' },
  '4000000000000341': { status: 'answer_lost' },
  '4000000000005126': { status: 'refund_fails' },
};

/** Cards that succeed, one per brand and funding the sandbox lists (for the entry page's help). */
export const sandboxSuccessCards = [
  '4242424242424242',
  '4000056655665556',
  '4000080000000004',
  '5555555555554444',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
];

/** Funding by BIN (first 6 digits) for the sandbox's cards; an unlisted BIN of a known brand is `unknown`. */
const sandboxBins: Record<string, CardFunding> = {
  '424242': 'credit', // Visa 4242 4242 4242 4242
  '400000': 'credit', // Visa, the outcome cards above
  '400005': 'debit', // Visa debit 4000 0566 5566 5556
  '400008': 'prepaid', // Visa prepaid 4000 0800 0000 0004
  '555555': 'credit', // Mastercard 5555 5555 5555 4444
  '520082': 'debit', // Mastercard debit 5200 8282 8282 8210
  '378282': 'credit', // American Express 3782 822463 10005 (15 digits)
  '601111': 'credit', // Discover 6011 1111 1111 1117
};

/** Bank test accounts (routing number 110000000, as Stripe's); any other account number settles. */
export const sandboxTestRouting = '110000000';
export const sandboxTestBankAccounts: Record<string, SandboxOutcome> = {
  '000123456789': { status: 'settles' },
  '000222222227': { status: 'returns', code: 'R01', message: 'Insufficient funds' },
  '000111111113': { status: 'returns', code: 'R02', message: 'Account closed' },
  '000111111116': { status: 'returns', code: 'R03', message: 'No account / unable to locate account' },
  '000333333335': { status: 'returns', code: 'R10', message: 'Customer advises not authorized' },
  '000222222235': { status: 'returns_once', code: 'R01', message: 'Insufficient funds' },
  '000444444440': {
    status: 'settles_then_returns',
    code: 'R10',
    message: 'Customer advises not authorized',
  },
};

/** The NACHA return codes a test may return a settled sandbox charge with, and the bank's words for each. */
export const sandboxReturnMessages: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R04: 'Invalid account number structure',
  R05: 'Unauthorized debit to consumer account using corporate SEC code',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises not authorized',
  R11: 'Customer advises entry not in accordance with the terms of the authorization',
  R29: 'Corporate customer advises not authorized',
};

// card-validator's names for the networks the product takes.
const brandsByCardType: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
};

/** The card network by the number's leading digits (card-validator's IIN ranges). */
export function brandOfNumber(digits: string): CardBrand {
  const { card } = valid.number(digits);
  return card ? (brandsByCardType[card.type] ?? 'unknown') : 'unknown';
}

export function sandboxBinInfo(bin: string): BinInfo {
  const six = bin.slice(0, 6);
  return { bin: six, brand: brandOfNumber(six), funding: sandboxBins[six] ?? 'unknown' };
}

/** The outcome of charging a card number: a listed test card's, else success for a known brand. */
export function cardOutcome(digits: string): SandboxOutcome {
  return sandboxTestCards[digits] ?? { status: 'succeeded' };
}

export function bankOutcome(accountNumber: string): SandboxOutcome {
  return sandboxTestBankAccounts[accountNumber] ?? { status: 'settles' };
}
