// What a payer may be charged on top of a payment (docs/reference/payments.md §3 "Surcharge vs convenience
// fee"). The rule is built in, not left to whoever sets the fee: only a credit card carries a fee — never a
// debit or prepaid card (even run as credit), never a card whose funding is unknown, never a bank payment or
// cash — and never a recurring (autopay) charge. A percentage fee is a surcharge and is capped at 3 %, Visa's
// cap and the lowest of the networks'; a flat fee is a convenience fee and is the same whatever the amount.
// The fee is always its own line beside the payment, never folded into it.

export type Funding = 'credit' | 'debit' | 'prepaid' | 'unknown';

/** The merchant's fee setting: a flat amount in cents, or a percentage in basis points (295 = 2.95 %). */
export type FeeSetting = { kind: 'flat'; cents: number } | { kind: 'percent'; basisPoints: number };

/** Visa caps a credit surcharge at 3 % (or the merchant's discount rate, whichever is lower). */
export const maxSurchargeBasisPoints = 300;

export type FeeQuestion = {
  amountCents: number;
  /** How the payment is made: a card with its funding, or a bank account, cash, check, money order. */
  method: { kind: 'card'; funding: Funding } | { kind: 'bank' | 'cash' | 'check' | 'money_order' };
  setting: FeeSetting | null;
  /** Autopay and scheduled instalments: no convenience fee on recurring charges. */
  isRecurring: boolean;
};

/** Why a payment carries no fee, for the form to say so; null when it carries one. */
export type NoFeeReason = 'no_fee_set' | 'not_a_card' | 'not_credit' | 'recurring';

export function noFeeReason(question: FeeQuestion): NoFeeReason | null {
  if (!question.setting || settingIsZero(question.setting)) return 'no_fee_set';
  if (question.method.kind !== 'card') return 'not_a_card';
  if (question.method.funding !== 'credit') return 'not_credit';
  if (question.isRecurring) return 'recurring';
  return null;
}

const settingIsZero = (setting: FeeSetting) =>
  setting.kind === 'flat' ? setting.cents <= 0 : setting.basisPoints <= 0;

/** The fee in integer cents; a percentage rounds half up to the cent, after the cap. */
export function convenienceFeeCents(question: FeeQuestion): number {
  if (noFeeReason(question) !== null || !question.setting) return 0;
  const { setting, amountCents } = question;
  if (setting.kind === 'flat') return setting.cents;
  const basisPoints = Math.min(setting.basisPoints, maxSurchargeBasisPoints);
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/**
 * A processing account's fee to the payer: its card percentage when set, else its flat convenience fee. The
 * server charges with it and answers it (`card_fee` below) so a form can show the same fee before charging.
 */
export function processingAccountFee(account: {
  cardFeeBasisPoints: number;
  convenienceFeeCents: number;
}): FeeSetting | null {
  if (account.cardFeeBasisPoints > 0) return { kind: 'percent', basisPoints: account.cardFeeBasisPoints };
  if (account.convenienceFeeCents > 0) return { kind: 'flat', cents: account.convenienceFeeCents };
  return null;
}

/** The fee as answers carry it: `percent_bps` when a percentage is set, else `flat_cents` (0 for none). */
export type CardFeeAnswer = { percent_bps: number | null; flat_cents: number };

export function cardFeeAnswerOf(setting: FeeSetting | null): CardFeeAnswer {
  if (setting?.kind === 'percent') return { percent_bps: setting.basisPoints, flat_cents: 0 };
  return { percent_bps: null, flat_cents: setting?.kind === 'flat' ? setting.cents : 0 };
}

export function feeSettingOfAnswer(answer: CardFeeAnswer): FeeSetting | null {
  if (answer.percent_bps) return { kind: 'percent', basisPoints: answer.percent_bps };
  return answer.flat_cents > 0 ? { kind: 'flat', cents: answer.flat_cents } : null;
}

/**
 * How a saved payment method pays, for the fee: a card (CREDIT or DEBIT payment type) with the funding the
 * processor reported (unknown when it did not say), else a bank account.
 */
export function savedMethodForFee(method: {
  paymentType: string;
  funding: Funding | null;
}): FeeQuestion['method'] {
  const isCard = method.paymentType === 'CREDIT' || method.paymentType === 'DEBIT';
  return isCard ? { kind: 'card', funding: method.funding ?? 'unknown' } : { kind: 'bank' };
}
