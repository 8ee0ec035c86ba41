import { z } from 'zod';
import { messages } from '../messages';
import { requiredString } from '../validation';
import { accountStatusSchema, customerRefSchema } from './customers';

// Tools: merge customers and merge accounts (docs/product.md §2 Tools /tools/merge-customers, /tools/merge-accounts; §7
// merge_customers, merge_accounts). The survivor keeps its id and receives what the merged record held; the
// merged record stays (voided or closed) and points at the survivor, so its history is kept.

/** Two different records of the merchant; the same id twice is refused beside the second picker. */
const mergePairSchema = (sameMessage: string) =>
  z
    .object({ survivor: requiredString(), merged: requiredString() })
    .refine((pair) => pair.survivor !== pair.merged, { path: ['merged'], error: sameMessage });

// POST /api/merchants/{id}/merge_customers/preview/ and .../merge_customers/
export const mergeCustomersSchema = mergePairSchema(messages.mergeSameCustomer);
export type MergeCustomersInput = z.input<typeof mergeCustomersSchema>;

// POST /api/merchants/{id}/merge_accounts/preview/ and .../merge_accounts/
export const mergeAccountsSchema = mergePairSchema(messages.mergeSameAccount);
export type MergeAccountsInput = z.input<typeof mergeAccountsSchema>;

/**
 * The survivor's empty fields that take the merged record's value: { field: value }. A customer's opt-out
 * travels with the phone or email it was given for (sms_opted_out / email_opted_out: true).
 */
export const mergeFillsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type MergeFills = z.infer<typeof mergeFillsSchema>;

/** What moves from the merged customer to the survivor. */
export const customerMoveCountsSchema = z.object({
  /** Accounts the merged customer holds as primary borrower. */
  accounts: z.number().int(),
  /** Accounts the merged customer co-borrows whose link moves to the survivor. */
  co_borrowed_accounts: z.number().int(),
  /** Links dropped because the survivor already co-borrows the account or would co-borrow their own. */
  co_borrower_links_dropped: z.number().int(),
  notes: z.number().int(),
  /** Saved payment methods (removed ones move too, uncounted). */
  payment_methods: z.number().int(),
});
export type CustomerMoveCounts = z.infer<typeof customerMoveCountsSchema>;

export const mergeCustomersPreviewSchema = z.object({
  survivor: customerRefSchema,
  merged: customerRefSchema,
  moves: customerMoveCountsSchema,
  fills: mergeFillsSchema,
});
export type MergeCustomersPreview = z.infer<typeof mergeCustomersPreviewSchema>;

export const mergeCustomersResultSchema = z.object({
  survivor: z.string(),
  merged: z.string(),
  moved: customerMoveCountsSchema,
  filled: mergeFillsSchema,
});
export type MergeCustomersResult = z.infer<typeof mergeCustomersResultSchema>;

/** An account as the merge tool shows it, with its primary borrower. */
export const mergeAccountRefSchema = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  status: accountStatusSchema,
  amount_due_cents: z.number().int(),
  /** YYYY-MM-DD */
  due_date: z.string().nullable(),
  vehicle_year: z.number().int().nullable(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  customer: customerRefSchema,
});
export type MergeAccountRef = z.infer<typeof mergeAccountRefSchema>;

/** What moves from the merged account to the survivor (transactions move with the payments issue). */
export const accountMoveCountsSchema = z.object({
  tags: z.number().int(),
  co_borrowers: z.number().int(),
  notes: z.number().int(),
});
export type AccountMoveCounts = z.infer<typeof accountMoveCountsSchema>;

export const mergeAccountsPreviewSchema = z.object({
  survivor: mergeAccountRefSchema,
  merged: mergeAccountRefSchema,
  moves: accountMoveCountsSchema,
  fills: mergeFillsSchema,
});
export type MergeAccountsPreview = z.infer<typeof mergeAccountsPreviewSchema>;

export const mergeAccountsResultSchema = z.object({
  survivor: z.string(),
  /** The survivor's primary borrower, whose page shows the account. */
  survivor_customer: z.string(),
  merged: z.string(),
  moved: accountMoveCountsSchema,
  filled: mergeFillsSchema,
});
export type MergeAccountsResult = z.infer<typeof mergeAccountsResultSchema>;
