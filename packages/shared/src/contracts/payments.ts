import { z } from 'zod';
import { messages } from '../messages';
import { requiredDollarsSchema } from '../validation';
import { pageOf } from './paging';

// Taking a payment on an account and listing an account's transactions (docs/product.md §3 Transaction, §7
// Payments). Requests carry dollars as typed ('25.00'); answers carry integer cents.

export const paymentMethodKindSchema = z.enum([
  'card',
  'bank',
  'cash',
  'check',
  'money_order',
  'card_present',
]);

// POST .../customers/{c}/accounts/{a}/transactions/ with an Idempotency-Key header: a saved card or bank
// account (payment_method), or cash, check or money order taken at the counter.
export const takePaymentSchema = z
  .object({
    amount: requiredDollarsSchema({ requiredMessage: messages.amountDueRequired }).refine(
      (cents) => cents >= 100,
      { error: messages.paymentMinimum },
    ),
    payment_method: z.string().optional(),
    /** Cash, check or money order at the counter, or card_present: the merchant's card reader collects it. */
    method_kind: z.enum(['cash', 'check', 'money_order', 'card_present']).optional(),
    /** A check number or what the staff member wants on the receipt. */
    note: z.string().max(200).default(''),
    waive_fee: z.boolean().default(false),
  })
  .refine((body) => Boolean(body.payment_method) !== Boolean(body.method_kind), {
    error: 'Choose a saved payment method or cash, check or money order',
    path: ['payment_method'],
  });
export type TakePaymentBody = z.infer<typeof takePaymentSchema>;

// POST /api/merchants/{m}/misc-payment/ with an Idempotency-Key header (docs/product.md §2
// /merchants/{merchantID}/misc-payment/**): a down payment or another payment a customer makes at the counter
// that belongs to no account yet, so no account's amount due moves.
export const miscPaymentSchema = z.object({
  customer_id: z.string().min(1, 'This field is required.'),
  amount: requiredDollarsSchema({ requiredMessage: messages.amountDueRequired }).refine(
    (cents) => cents >= 100,
    { error: messages.paymentMinimum },
  ),
  method_kind: z.enum(['cash', 'check', 'money_order']),
  /** What it was for: 'Down payment', 'Title fee'. */
  description: z.string().trim().min(1, 'This field may not be blank.').max(200),
  /** A check or money order number. */
  note: z.string().trim().max(200).default(''),
});
export type MiscPaymentBody = z.infer<typeof miscPaymentSchema>;

/** REFUND: a refund's own transaction, money going back on an earlier payment (issue 17). */
export const transactionStatusSchema = z.enum([
  'PENDING',
  'PROCESSING',
  'PAID',
  'FAILED',
  'RETURNED',
  'REFUND',
]);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  status: transactionStatusSchema,
  created: z.string(),
  payment: z.object({
    id: z.string(),
    customer_id: z.string().nullable(),
    account_id: z.string().nullable(),
    method_kind: paymentMethodKindSchema,
    /** 'Visa credit •••• 4242', 'Cash', 'Check 1042'. */
    method_label: z.string(),
    /** A check number, or what a misc payment was for. */
    note: z.string(),
    amount_cents: z.number().int(),
    fee_cents: z.number().int(),
    fee_waived: z.boolean(),
    total_amount_cents: z.number().int(),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    paid_at: z.string().nullable(),
    /** How much of the principal and of the fee refunds have given back (or are giving back). */
    refunded_cents: z.number().int(),
    fee_refunded_cents: z.number().int(),
    /** On a refund's transaction: the payment it gives money back on; null otherwise. */
    refund_of: z.string().nullable(),
  }),
});
export type Transaction = z.infer<typeof transactionSchema>;
/**
 * The answer to taking a payment: the transaction, and for a card-present payment still waiting for its card,
 * the reader request (`simulated` for the sandbox's reader, where a test card is presented by name with
 * POST /api/sandbox-processor/readers/{request_id}/present/ { card }). Sending the same request again with the
 * same Idempotency-Key answers the outcome once the card has been presented.
 */
export const takePaymentAnswerSchema = transactionSchema.extend({
  reader: z.object({ request_id: z.string(), simulated: z.boolean() }).nullable(),
});
export type TakePaymentAnswer = z.infer<typeof takePaymentAnswerSchema>;

export const transactionPageSchema = pageOf(transactionSchema);

/**
 * The fee a saved credit card is charged on top of a payment through the processing account the payments
 * go through (packages/shared/src/card-fees.ts `processingAccountFee`): the percentage in basis points when
 * set, else the flat fee in cents (0: none).
 */
export const cardFeeSchema = z.object({
  percent_bps: z.number().int().nullable(),
  flat_cents: z.number().int(),
});

/**
 * GET .../customers/{c}/accounts/{a}/transactions/: the account's payments, and the card fee a payment on it
 * would carry (null when the merchant has no processing account), so Take Payment shows the fee and the total
 * before staff charge — read-only, computed by the server's own rule.
 */
export const accountTransactionPageSchema = pageOf(
  // Who took the payment, or made the refund ('' for an API key or the pay page).
  transactionSchema.extend({ taken_by: z.string().optional() }),
).extend({
  card_fee: cardFeeSchema.nullable(),
});
export type AccountTransactionPage = z.infer<typeof accountTransactionPageSchema>;

/**
 * GET /api/merchants/{m}/misc-payment/: a misc payment with whose it is and who took it. The refunds given back
 * on misc payments are rows of the list too (status REFUND, `payment.refund_of` naming the misc payment, who
 * made it in `taken_by`), beside their payment as an account's transactions list answers them; a paid row's
 * `refunded_cents` and `fee_refunded_cents` say how much has gone back on it.
 */
export const miscPaymentRowSchema = transactionSchema.extend({
  customer: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    external_id: z.string(),
  }),
  /** Who took it, or made the refund ('' for an API key). */
  taken_by: z.string(),
});
export type MiscPaymentRow = z.infer<typeof miscPaymentRowSchema>;
export const miscPaymentPageSchema = pageOf(miscPaymentRowSchema);

/**
 * The test cards the sandbox's simulated card reader takes, by name (docs/reference/payments.md "Simulated
 * card reader"): POST /api/sandbox-processor/readers/{request_id}/present/ { card }.
 */
export const sandboxReaderCardSchema = z.enum([
  'visa_credit',
  'visa_debit',
  'declined',
  'insufficient_funds',
]);
export type SandboxReaderCard = z.infer<typeof sandboxReaderCardSchema>;
export const sandboxReaderPresentSchema = z.object({ card: sandboxReaderCardSchema });

// POST .../transactions/{id}/update_payment_status/: a cash, check or money order payment recorded as paid
// that was not (a bounced check, a payment entered twice) is marked FAILED, with the reason.
export const updatePaymentStatusSchema = z.object({
  /** The only correction there is; may be left out. */
  status: z.literal('FAILED').default('FAILED'),
  reason: z.string().trim().min(1, 'This field may not be blank.').max(200),
});
