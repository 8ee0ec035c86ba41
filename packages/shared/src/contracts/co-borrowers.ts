import { z } from 'zod';
import { requiredString } from '../validation';
import { customerRefSchema } from './customers';

// POST .../customers/{customer_id}/accounts/{account_id}/co_borrowers/ {customer};
// DELETE .../co_borrowers/{co_borrower_id}/ (the co-borrower's customer id). Both answer the account's
// co-borrowers as they are after the change.
export const coBorrowerLinkSchema = z.object({ customer: requiredString() });
export const accountCoBorrowersSchema = z.object({
  account_id: z.string(),
  co_borrowers: z.array(customerRefSchema),
});
export type AccountCoBorrowers = z.infer<typeof accountCoBorrowersSchema>;
