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
