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
