import { z } from 'zod';
import { transactionSchema } from './payments';

// A payment's receipt (issue 17 item 2): one set of facts, built once by the server (modules/receipts), that the
// pay page shows after paying, download_receipt prints as a PDF and send_receipt texts or emails. Money in
// integer cents; the lines a person reads come from receipt-lines.ts, so every copy says the same thing.

/** A refund of the payment as the ledger holds it: principal and convenience fee apart, dated when it happened. */
export const receiptRefundSchema = z.object({
  /** Principal returned (positive cents). */
  amount_cents: z.number().int(),
  /** Convenience fee returned (positive cents; 0 when the fee was kept). */
  fee_cents: z.number().int(),
  occurred_at: z.string(),
});
export type ReceiptRefund = z.infer<typeof receiptRefundSchema>;

export const paymentReceiptSchema = z.object({
  /** The merchant as the pay page shows it; `time_zone` dates the receipt on the merchant's clock. */
  merchant: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
    phone: z.string().nullable(),
    time_zone: z.string(),
  }),
  merchant_name: z.string(),
  customer_name: z.string(),
  account_number: z.string(),
  transaction: transactionSchema,
  /** Oldest first; empty when nothing was refunded. */
  refunds: z.array(receiptRefundSchema),
  /** Principal and fee refunded, together (positive cents). */
  refunded_cents: z.number().int(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/** POST .../transactions/{id}/send_receipt/ with an Idempotency-Key: to the email or phone on file. */
export const receiptChannelSchema = z.enum(['email', 'text']);
export type ReceiptChannel = z.infer<typeof receiptChannelSchema>;
export const sendReceiptSchema = z.object({ channel: receiptChannelSchema });
export type SendReceiptBody = z.infer<typeof sendReceiptSchema>;

/** The receipt queued for the customer: where it goes, and the outbox message that carries it. */
export const sentReceiptSchema = z.object({
  channel: receiptChannelSchema,
  /** The email or phone on file it goes to, as staff see it on the customer page. */
  to: z.string(),
  message_id: z.string(),
});
export type SentReceipt = z.infer<typeof sentReceiptSchema>;

/** The server's words for a receipt that cannot be sent or made (beside the catalogue's opted-out message). */
export const receiptMessages = {
  noEmail: 'The customer has no email address on file',
  noPhone: 'The customer has no phone number on file',
  notTaken: 'There is no receipt for a payment that was not taken',
  noCustomer: 'This payment has no customer to send a receipt to',
} as const;
