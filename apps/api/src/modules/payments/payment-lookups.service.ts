import { cardFeeAnswerOf, processingAccountFee } from '@paylane/shared/card-fees';
import type { AppContext } from '../../context';
import { hasWaitingPayment, sumPrincipalPosted } from './ledger-reads.repository';
import { findPaymentByKey, findProcessingAccount, type PaymentRow } from './payments.repository';

// What other modules read of payments: the pay page's fee rules and hosted entry, and a payment found again
// by its Idempotency-Key.

export type { PaymentRow } from './payments.repository';

/** The processing account an account's card and bank payments go through; null when the merchant has none. */
export async function findPaymentProcessingAccount(
  ctx: AppContext,
  key: { merchantId: string; locationId: string | null },
) {
  const row = await findProcessingAccount(ctx.db, key.merchantId, key.locationId);
  if (!row) return null;
  return {
    processor: row.processor,
    processorAccountId: row.processorAccountId,
    /** The fee to the payer, as take-payment charges it: the card percentage when set, else the flat fee. */
    cardFee: cardFeeAnswerOf(processingAccountFee(row)),
  };
}

export async function findPaymentByIdempotencyKey(
  ctx: AppContext,
  key: { merchantId: string; idempotencyKey: string },
): Promise<PaymentRow | null> {
  return findPaymentByKey(ctx.db, key);
}

/**
 * The principal posted on an account from `from` until `before` (docs/conventions.md §5: the ledger): paid
 * payments, less refunds, returns and payments moved away, plus payments moved in. Fees are left out.
 */
export function principalPostedOnAccount(
  ctx: AppContext,
  key: { merchantId: string; accountId: string; from: Date; before: Date },
): Promise<number> {
  return sumPrincipalPosted(ctx.db, key);
}

/** Whether a payment on the account made before `before` still waits for the processor (pending, processing). */
export function hasPaymentWaitingOnAccount(
  ctx: AppContext,
  key: { merchantId: string; accountId: string; before: Date },
): Promise<boolean> {
  return hasWaitingPayment(ctx.db, key);
}
