import { z } from 'zod';
import { requiredDollarsSchema, dateOfBirthSchema } from '../validation';
import { messages } from '../messages';
import { methodEntryKindSchema } from './payment-methods';
import { cardFeeSchema } from './payments';
import { paymentReceiptSchema, type PaymentReceipt } from './receipts';

// Pay links and the public pay page (docs/product.md §7 create_payment_link, issue 16 item 6). A link is
// unguessable, expires, and is used up by a payment; opening it changes nothing. Until the payer verifies,
// the page shows the merchant and the amount due and only masked data.

/** POST /api/merchants/{m}/customers/{c}/accounts/{a}/create_payment_link/ { customer_id } → { payment_link } */
export const createPaymentLinkSchema = z.object({ customer_id: z.string().optional() });
export const paymentLinkSchema = z.object({
  payment_link: z.string(),
  expires_at: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** GET /api/pay/{token}/: what anyone holding the link may see. */
export const payLinkSummarySchema = z.object({
  status: z.enum(['open', 'paid', 'expired']),
  merchant: z.object({ name: z.string(), logo_url: z.string().nullable(), phone: z.string().nullable() }),
  amount_due_cents: z.number().int(),
  /** 'J. D.', '••••4821': enough to recognise, not enough to learn anything. */
  masked_customer_name: z.string(),
  masked_account_number: z.string(),
  /** How this account can be verified: the PIN when the account has one, else last name and date of birth. */
  verify_with: z.enum(['pin', 'last_name_and_date_of_birth']),
  expires_at: z.string(),
});
export type PayLinkSummary = z.infer<typeof payLinkSummarySchema>;

/** POST /api/pay/{token}/verify/: 400 non_field_errors 'Provided information does not match customer record', or pin 'Pins do not match'. */
export const payLinkVerifySchema = z.union([
  z.object({ pin: z.string().trim().min(1, 'This field may not be blank.').max(20) }),
  z.object({
    last_name: z.string().trim().min(1, 'This field may not be blank.').max(100),
    date_of_birth: dateOfBirthSchema,
  }),
]);
/** The verified view: sent with `X-Pay-Session: {session}` on the calls below. */
export const payLinkSessionSchema = z.object({
  session: z.string(),
  customer: z.object({ first_name: z.string(), last_name: z.string() }),
  account: z.object({
    account_number: z.string(),
    amount_due_cents: z.number().int(),
    due_date: z.string().nullable(),
  }),
  /** The fee rules the page shows before the payer pays (card only; bank never carries one). */
  card_fee: cardFeeSchema,
});
export type PayLinkSession = z.infer<typeof payLinkSessionSchema>;

/** POST /api/pay/{token}/entry/ { kind } → the hosted entry (payment-methods.ts methodEntrySchema). */
export const payLinkEntryStartSchema = z.object({ kind: methodEntryKindSchema });

/** POST /api/pay/{token}/pay/ with an Idempotency-Key: pays with what the payer entered in the hosted entry. */
export const payLinkPaySchema = z.object({
  amount: requiredDollarsSchema({ requiredMessage: messages.amountDueRequired }).refine(
    (cents) => cents >= 100,
    {
      error: messages.paymentMinimum,
    },
  ),
  entry_id: z.string().min(1).max(255),
});
/** The receipt the page shows: the same receipt download_receipt and send_receipt give (receipts.ts). */
export const payLinkReceiptSchema = paymentReceiptSchema;
export type PayLinkReceipt = PaymentReceipt;
