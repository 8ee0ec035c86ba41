import type { Transaction } from '@paylane/shared/contracts/payments';
import { refundMessages, type RefundPaymentInput } from '@paylane/shared/contracts/refunds';
import { centsToDollars, formatCurrency } from '@paylane/shared/format';
import { dollarsToCentsSchema } from '@paylane/shared/validation';

// The Refund modal's rules, kept apart from its markup (docs/product.md §3 Refund): which payments can be
// sources, what is left on each, the fee kept or returned by an explicit choice, and the total as the sum.
// The server checks every rule again (and the database the amounts, under lock).

/** A payment money can go back on, with what is left of its principal and fee. */
export type RefundCandidate = { transaction: Transaction; leftCents: number; feeLeftCents: number };

/** '' until the person chooses: a fee is never returned, or kept, by default. */
export type FeeChoice = '' | 'keep' | 'return';
export type SourceDraft = { amount: string; fee: FeeChoice };
export type SourceErrors = { amount?: string; fee?: string };

const leftOf = (transaction: Transaction) => ({
  leftCents: transaction.payment.amount_cents - transaction.payment.refunded_cents,
  feeLeftCents: transaction.payment.fee_cents - transaction.payment.fee_refunded_cents,
});

const isRefundable = (transaction: Transaction) => {
  const { leftCents, feeLeftCents } = leftOf(transaction);
  return (
    transaction.status === 'PAID' && transaction.payment.refund_of === null && leftCents + feeLeftCents > 0
  );
};

export const canBeRefunded = isRefundable;

/**
 * The sources a refund of `payment` may use: the payment itself and the other PAID payments of the same
 * customer and account (for a misc payment: that customer's other misc payments) with something left, in the
 * order they are refunded — the source carrying a fee last, as the server orders them.
 */
export function refundCandidates(
  transactions: readonly Transaction[],
  payment: Transaction,
): RefundCandidate[] {
  const others = transactions.filter(
    (transaction) =>
      transaction.id !== payment.id &&
      transaction.payment.customer_id === payment.payment.customer_id &&
      transaction.payment.account_id === payment.payment.account_id &&
      isRefundable(transaction),
  );
  return [payment, ...others]
    .map((transaction) => ({ transaction, ...leftOf(transaction) }))
    .sort(
      (a, b) => Number(a.transaction.payment.fee_cents > 0) - Number(b.transaction.payment.fee_cents > 0),
    );
}

/** The opened payment starts with everything left of its principal; the fee waits for a choice. */
export function initialDraft(candidate: RefundCandidate, isOpened: boolean): SourceDraft {
  return { amount: isOpened && candidate.leftCents > 0 ? centsToDollars(candidate.leftCents) : '', fee: '' };
}

type Checked = { errors: SourceErrors; amountCents: number; feeCents: number };

/** One source's amounts as typed, and what is wrong with them. An empty amount is nothing from it. */
export function checkSource(candidate: RefundCandidate, draft: SourceDraft): Checked {
  const errors: SourceErrors = {};
  const typed = draft.amount.trim();
  const parsed = typed === '' ? { success: true as const, data: 0 } : dollarsToCentsSchema.safeParse(typed);
  const amountCents = parsed.success ? parsed.data : 0;
  if (!parsed.success)
    errors.amount = parsed.error.issues[0]?.message ?? 'Field must contain only decimal values';
  else if (amountCents > candidate.leftCents)
    errors.amount = `Only ${formatCurrency(candidate.leftCents)} is left to refund on this payment.`;
  const feeCents = draft.fee === 'return' ? candidate.feeLeftCents : 0;
  if (candidate.feeLeftCents > 0 && draft.fee === '' && amountCents > 0) errors.fee = refundMessages.sayFee;
  return { errors, amountCents, feeCents };
}

export type CheckedRefund = {
  errors: SourceErrors[];
  totalCents: number;
  /** What the request sends: the sources that refund something. */
  input: RefundPaymentInput;
  /** The candidate each sent source came from, to show the server's `sources.N.…` errors where they belong. */
  candidateOf: number[];
  isEmpty: boolean;
};

export function checkRefund(
  payment: Transaction,
  candidates: readonly RefundCandidate[],
  drafts: readonly SourceDraft[],
): CheckedRefund {
  const checked = candidates.map((candidate, i) =>
    checkSource(candidate, drafts[i] ?? { amount: '', fee: '' }),
  );
  const candidateOf: number[] = [];
  const sources = candidates.flatMap((candidate, i) => {
    const { amountCents, feeCents } = checked[i]!;
    if (amountCents + feeCents === 0) return [];
    candidateOf.push(i);
    const hasFee = candidate.feeLeftCents > 0;
    return [
      {
        transaction: candidate.transaction.id,
        amount: centsToDollars(amountCents),
        ...(hasFee ? { convenience_fee: centsToDollars(feeCents) } : {}),
      },
    ];
  });
  const totalCents = checked.reduce((sum, source) => sum + source.amountCents + source.feeCents, 0);
  return {
    errors: checked.map((source) => source.errors),
    totalCents,
    // The refund is of the opened payment when it gives something back on it, else of its first source.
    input: {
      payment: sources.some((source) => source.transaction === payment.id)
        ? payment.id
        : (sources[0]?.transaction ?? payment.id),
      total: centsToDollars(totalCents),
      sources,
    },
    candidateOf,
    isEmpty: sources.length === 0,
  };
}

export const hasErrors = (errors: readonly SourceErrors[]) =>
  errors.some((source) => source.amount !== undefined || source.fee !== undefined);
