import { z } from 'zod';
import { requiredDollarsSchema } from '../validation';
import { paymentMethodKindSchema, transactionStatusSchema } from './payments';

// Refunds (docs/product.md §3 Refund, §7 refund_payment and refund_transaction; issue 17). Requests carry
// dollars as typed; answers carry integer cents. A source is one payment (one method) the refund gives money
// back on: the payment named and, optionally, other paid payments of the same customer and account.

export const refundMessages = {
  totalIsSum: 'The total must be the sum of the sources.',
  sayFee: 'Choose whether the convenience fee is returned or kept.',
  nothingToRefund: 'Refund an amount or the convenience fee.',
  sourceTwice: 'This payment is already a source of this refund.',
  paymentNotSource: 'The payment refunded must be one of the sources.',
  notRefundable: 'Only a PAID payment can be refunded.',
  otherAccount: 'A source must be a payment of the same customer and account.',
} as const;

const idField = z.string().min(1, 'This field is required.');

export const refundSourceInputSchema = z.object({
  /** The payment (transaction) money goes back on. */
  transaction: idField,
  /** Principal to refund, in dollars: at most what is left of the payment's principal. */
  amount: requiredDollarsSchema(),
  /**
   * The convenience fee returned with this source, in dollars (at most what is left of it). Required when the
   * payment carries a fee, so a fee is never returned, or kept, by accident: 0.00 keeps it.
   */
  convenience_fee: requiredDollarsSchema().optional(),
});
export type RefundSourceInput = z.input<typeof refundSourceInputSchema>;

// POST /api/merchants/{m}/refund_payment/ with an Idempotency-Key header.
export const refundPaymentSchema = z.object({
  payment: idField,
  /** The sum of the sources' amounts and returned fees, in dollars, as the person confirmed it. */
  total: requiredDollarsSchema(),
  sources: z.array(refundSourceInputSchema).min(1, 'Choose at least one source to refund.').max(20),
});
export type RefundPaymentBody = z.infer<typeof refundPaymentSchema>;
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

// POST /api/merchants/{m}/refund_transaction/ with an Idempotency-Key header: everything left of one
// payment's principal, and its fee when `return_fee` says so (required when a fee is left to return).
export const refundTransactionSchema = z.object({
  transaction: idField,
  return_fee: z.boolean().optional(),
});
export type RefundTransactionBody = z.infer<typeof refundTransactionSchema>;

export const refundSourceSchema = z.object({
  /** The refund row (a transaction of status REFUND once done). */
  id: z.string(),
  transaction: z.object({ id: z.string(), total_amount_cents: z.number().int() }),
  /** The refunded payment's method, as its receipt shows it. */
  payment_method: z.string(),
  method_kind: paymentMethodKindSchema,
  amount_cents: z.number().int(),
  convenience_fee_cents: z.number().int(),
  /** REFUND once done; PENDING while the processor's answer is not known; FAILED when it refused. */
  status: transactionStatusSchema,
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
});
export type RefundSource = z.infer<typeof refundSourceSchema>;

/** docs/product.md §3 Refund: the payment with its sources (the fee-carrying one last), totals and date. */
export const refundSchema = z.object({
  id: z.string(),
  payment: z.string(),
  sources: z.array(refundSourceSchema),
  total_amount_cents: z.number().int(),
  total_no_fee_amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  date: z.string(),
  /** Who refunded ('' for an API key). */
  refunded_by: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
