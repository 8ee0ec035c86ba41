import { z } from 'zod';
import { accountStatusSchema, customerRefSchema } from './customers';
import { customerIdListSchema } from './id-lists';
import { MAX_PAGE_SIZE, pageOf } from './paging';

// POST /api/merchants/{id}/customers/retrieve_optouts/ — which of these customers may be messaged.
export const retrieveOptoutsSchema = z.object({
  /** Our customer ids, or the merchant's external ids with find_by_external (a CSV upload). */
  customers: customerIdListSchema,
  find_by_external: z.boolean().default(false),
});
export const retrieveOptoutsAnswerSchema = z.object({
  /** Known customers who opted out of texts: left out of a send. */
  optout_customers: z.array(customerRefSchema),
  /** Known customers who may be messaged. */
  customers: z.array(customerRefSchema),
  /** The ids that match no live customer of the merchant, as sent. */
  unknown_customers: z.array(z.string()),
});
export type RetrieveOptoutsAnswer = z.infer<typeof retrieveOptoutsAnswerSchema>;

// POST /api/merchants/{id}/customer_accounts/ — list merchant customer accounts (docs/product.md §7): one row per
// (customer, account), for pickers (compose, merge tools).
export const customerAccountsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** Only these customers (ids). */
  customers: z.array(z.string()).max(MAX_PAGE_SIZE).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export const customerAccountRowSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** Customer id. */
  customer: z.string(),
  /** Account id. */
  account: z.string(),
  customer_external_id: z.string().nullable(),
  account_external_id: z.string().nullable(),
  sms_phone_number: z.string().nullable(),
  status: accountStatusSchema,
  amount_due_cents: z.number().int(),
  due_date: z.string().nullable(),
});
export type CustomerAccountRow = z.infer<typeof customerAccountRowSchema>;
export const customerAccountRowPageSchema = pageOf(customerAccountRowSchema);
