import { z } from 'zod';
import { isIsoDate } from '../validation';
import { pageOf, pageQuerySchema } from './paging';
import { transactionSchema, transactionStatusSchema } from './payments';

// The payment report (docs/product.md §2 /payment-report, §7 report-transactions and export_transactions) and
// Home's recent payments (§9: the first 50, only PAID or REFUND from today).

const isoDate = z.string().refine(isIsoDate, { error: 'Date is not valid' });
/** `status` may be repeated (`?status=PAID&status=FAILED`); one value arrives as a string. */
const repeatedStatus = z
  .union([transactionStatusSchema, z.array(transactionStatusSchema)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional();

/** GET /api/merchants/{id}/report-transactions/?page&page_size&status&start&end&like */
export const reportTransactionsQuerySchema = pageQuerySchema.extend({
  status: repeatedStatus,
  /** The first and last day of the range, in the merchant's time zone (inclusive). */
  start: isoDate.optional(),
  end: isoDate.optional(),
  /** Customer name, external id, account number or the method's last four. */
  like: z.string().trim().max(100).optional(),
});
export type ReportTransactionsQuery = z.input<typeof reportTransactionsQuerySchema>;

/** A payment as the report lists it: the transaction and whose it is. */
export const reportTransactionSchema = transactionSchema.extend({
  customer: z
    .object({ id: z.string(), first_name: z.string(), last_name: z.string(), external_id: z.string() })
    .nullable(),
  account: z.object({ id: z.string(), account_number: z.string() }).nullable(),
  /** Who took it ('' for the customer on the pay page, an automation or an API key). */
  taken_by: z.string(),
});
export type ReportTransaction = z.infer<typeof reportTransactionSchema>;
/**
 * `count` is exact up to 10,000; past that it is 10,000 and `is_count_capped` is true (the footer shows
 * "10,000+"), so a page never counts a large merchant's whole history.
 */
export const reportTransactionPageSchema = pageOf(reportTransactionSchema).extend({
  is_count_capped: z.boolean().optional(),
});

/**
 * POST /api/merchants/{id}/export_transactions/: the same filters; the answer streams a CSV (text/csv, an
 * attachment named by the range) and announces its number of rows in `X-Total-Count` before the body, so the
 * browser can show progress (rows read so far ÷ the total).
 */
export const exportTransactionsSchema = reportTransactionsQuerySchema.omit({ page: true, page_size: true });
export type ExportTransactionsBody = z.input<typeof exportTransactionsSchema>;

/** GET /api/merchants/{id}/recent_payments/?like: Home's first 50 payments of today that are PAID or refunded. */
export const RECENT_PAYMENTS_LIMIT = 50;
export const recentPaymentsQuerySchema = z.object({ like: z.string().trim().max(100).optional() });
export const recentPaymentsSchema = z.object({ results: z.array(reportTransactionSchema) });
