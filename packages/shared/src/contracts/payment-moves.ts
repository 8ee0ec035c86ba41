import { z } from 'zod';
import { transactionSchema } from './payments';

// Moving a posted payment to another account of the same merchant (docs/product.md §2 /customers/move-payment,
// §7 move_payment; issue 17 item 3): the wrong account was picked at the counter.

/**
 * POST .../customers/{c}/accounts/{a}/transactions/{id}/move_payment/ { to_account } with an Idempotency-Key:
 * `to_account` is the account the payment belongs on (of any customer of the merchant).
 */
export const movePaymentSchema = z.object({
  to_account: z.string().trim().min(1, 'This field is required.'),
});
export type MovePaymentBody = z.infer<typeof movePaymentSchema>;

/** One side of a move: the account, its holder and its amount due now. */
export const movedAccountSchema = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  customer_id: z.string(),
  customer_name: z.string(),
  amount_due_cents: z.number().int(),
});
export type MovedAccount = z.infer<typeof movedAccountSchema>;

export const paymentMoveSchema = z.object({
  id: z.string(),
  /** The payment as it stands after the move (on the new account). */
  transaction: transactionSchema,
  from_account: movedAccountSchema,
  to_account: movedAccountSchema,
  /** The principal that moved between the accounts' amounts due (the fee stays the fee). */
  amount_cents: z.number().int(),
  moved_at: z.string(),
});
export type PaymentMove = z.infer<typeof paymentMoveSchema>;

/** The server's words for a move it refuses (beside the catalogue's 'Account is set to Inactive' and others). */
export const paymentMoveMessages = {
  sameAccount: 'The payment is already on this account; choose another account',
  notPaid: 'Only a PAID payment can be moved',
  otherMerchant: 'Account does not belong to this merchant',
  nothingLeft: 'Nothing of this payment is left on the account to move',
  refundUnderWay: 'A refund of this payment is under way; move it once the refund is done',
  keyReused: 'This Idempotency-Key was already used for a different move.',
} as const;
