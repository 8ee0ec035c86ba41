import { z } from 'zod';
import { pageOf } from './paging';

// GET .../customers/{customer_id}/payment_methods/ (docs/product.md §3 Payment method option).
export const paymentMethodOptionSchema = z.object({
  id: z.string(),
  /** CREDIT, DEBIT or another account type (CHECKING, SAVINGS). */
  payment_type: z.string(),
  card_type: z.string().nullable(),
  nickname: z.string(),
  masked_card_number: z.string().nullable(),
  masked_account_number: z.string().nullable(),
  /**
   * A card's funding as the processor reported it (credit, debit, prepaid, unknown); null for a bank account.
   * Read-only: it decides the convenience fee (packages/shared/src/card-fees.ts), so a form can preview it.
   */
  funding: z.enum(['credit', 'debit', 'prepaid', 'unknown']).nullable(),
  /**
   * Retired after a bank return that says the account cannot be debited (R02–R04, issue 18): listed, never
   * offered for a new payment or autopay. Optional so answers from before stay valid.
   */
  is_retired: z.boolean().default(false),
  retired_reason: z.string().nullable().default(null),
});
export type PaymentMethodOption = z.infer<typeof paymentMethodOptionSchema>;
export const paymentMethodPageSchema = pageOf(paymentMethodOptionSchema);

// GET .../bins/{bin}/ (docs/product.md §7): what the first 6 to 8 digits of a card say, before any fee is shown.
export const binSchema = z.string().regex(/^\d{6,8}$/, 'Enter the first 6 to 8 digits of the card');
export const binInfoSchema = z.object({
  bin: z.string(),
  brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown']),
  /** credit, debit or prepaid; unknown when the processor cannot tell (treated as debit for fees). */
  funding: z.enum(['credit', 'debit', 'prepaid', 'unknown']),
});
export type BinInfoAnswer = z.infer<typeof binInfoSchema>;

// PATCH .../customers/{c}/payment_methods/{id}/: the name staff know the method by ('' shows the card type).
export const paymentMethodUpdateSchema = z.object({
  nickname: z.string().trim().max(50, 'Ensure this field has no more than 50 characters.'),
});

// Adding a card or bank account goes through the processor's hosted entry, so the numbers never reach Paylane
// (issue 16). POST .../customers/{c}/payment_methods/entry/ opens an entry; the browser shows the sandbox's
// hosted page in a frame (`url`), or Stripe's Elements with the SetupIntent's `client_secret`. When the payer
// has finished, the sandbox page posts `{ type: 'paylane:method-entry', entry_id }` to its parent window, and
// the browser saves the method with POST .../customers/{c}/payment_methods/ { entry_id, nickname }.
export const methodEntryKindSchema = z.enum(['card', 'bank']);
export const methodEntryStartSchema = z.object({ kind: methodEntryKindSchema });
export const methodEntrySchema = z.object({
  entry_id: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  /** The sandbox's hosted entry page (same origin as the app); null with Stripe. */
  url: z.string().nullable(),
  /** The Stripe SetupIntent's client secret for Stripe.js; null with the sandbox. */
  client_secret: z.string().nullable(),
});
export type MethodEntry = z.infer<typeof methodEntrySchema>;
/** What the sandbox's hosted page posts to its parent window when the payer has saved the card or account. */
export const METHOD_ENTRY_MESSAGE_TYPE = 'paylane:method-entry';

export const paymentMethodCreateSchema = z.object({
  entry_id: z.string().min(1).max(255),
  nickname: paymentMethodUpdateSchema.shape.nickname.default(''),
});
