import { RECENT_PAYMENTS_LIMIT, type ReportTransaction } from '@paylane/shared/contracts/payment-report';
import type { TransactionStatus } from '@paylane/shared/contracts/payments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { PaymentStatus } from '../../db/schema';
import { addDays, localDateAt, zonedInstant } from '../../jobs/zoned-time';
import { rowsOfPage } from '../../kit/paging';
import { createRememberedKeys, type RememberedKeys } from '../../kit/remembered-keys';
import { toTransaction } from '../payments/transactions.service';
import {
  listCountedReportPage,
  listRecentPaid,
  listReportPage,
  type ReportFilter,
  type ReportRow,
} from './payment-report.repository';

/** The merchant whose payments are reported; its zone says where each day of a range begins and ends. */
export type ReportMerchant = { id: string; timeZone: string };

/** The report's filters as the API takes them (docs/product.md §7 report-transactions). */
export type ReportQuery = {
  status?: TransactionStatus[];
  /** First and last day of the range on the merchant's calendar, inclusive. */
  start?: string;
  end?: string;
  like?: string;
};

/**
 * The count stops here: 200 pages of 50. Counting a large merchant's whole history on every page costs a
 * scan of it (about 200,000 index entries for the benchmark's biggest merchant), so past this the answer says
 * `is_count_capped` and the footer reads "10,000+"; a narrower range or search gives the exact figure.
 */
export const REPORT_COUNT_CAP = 10_000;

/**
 * How the report counts: no further than `cap`, and a filter whose count reached it is not counted again
 * for a minute. Paging through a large merchant's report then reads only each page: the count of 10,001
 * index entries cost as much as the page (issue 19's profile). A capped count can only stop being capped by
 * thousands of payments leaving the filter within that minute; the footer then reads "10,000+" a little longer.
 */
export type ReportCounting = { cap: number; capped: RememberedKeys };

const CAPPED_COUNT_REMEMBERED_SECONDS = 60;
const CAPPED_FILTERS_KEPT = 1_000;

export function createReportCounting(now: () => Date, cap = REPORT_COUNT_CAP): ReportCounting {
  return {
    cap,
    capped: createRememberedKeys({
      lifetimeSeconds: CAPPED_COUNT_REMEMBERED_SECONDS,
      max: CAPPED_FILTERS_KEPT,
      now,
    }),
  };
}

/** A filter as a key: the same merchant, statuses, instants and search give the same count. */
const countKeyOf = (filter: ReportFilter) =>
  JSON.stringify([
    filter.merchantId,
    [...(filter.statuses ?? [])].sort(),
    filter.from?.toISOString() ?? null,
    filter.before?.toISOString() ?? null,
    filter.like?.toLowerCase() ?? null,
  ]);

const paymentStatusOf: Record<TransactionStatus, PaymentStatus> = {
  PENDING: 'pending',
  PROCESSING: 'processing',
  PAID: 'paid',
  FAILED: 'failed',
  RETURNED: 'returned',
  REFUND: 'refunded',
};

/** The query as the repository filters: statuses as stored, the local days as UTC instants. */
export function reportFilterOf(merchant: ReportMerchant, query: ReportQuery): ReportFilter {
  return {
    merchantId: merchant.id,
    statuses: query.status?.map((status) => paymentStatusOf[status]),
    from: query.start ? zonedInstant(merchant.timeZone, query.start, '00:00') : undefined,
    before: query.end ? zonedInstant(merchant.timeZone, addDays(query.end, 1), '00:00') : undefined,
    like: query.like || undefined,
  };
}

/** A payment as the report shows it: the transaction, the customer and account it was for, who took it. */
export function toReportTransaction(row: ReportRow): ReportTransaction {
  const { payment } = row;
  return {
    ...toTransaction(payment),
    customer:
      payment.customerId && row.customerFirstName !== null
        ? {
            id: payment.customerId,
            first_name: row.customerFirstName,
            last_name: row.customerLastName ?? '',
            external_id: row.customerExternalId ?? '',
          }
        : null,
    account:
      payment.accountId !== null ? { id: payment.accountId, account_number: row.accountNumber ?? '' } : null,
    taken_by: [row.takerFirstName, row.takerLastName].filter(Boolean).join(' '),
  };
}

/**
 * GET .../report-transactions/: a page of the merchant's payments, newest first, with a capped count — one
 * statement for both, after one that finds a search's customers and accounts (the repository's `keyed`) —
 * or the page alone while the filter's count is remembered as capped.
 */
export async function listReportTransactions(
  db: Db,
  counting: ReportCounting,
  merchant: ReportMerchant,
  query: ReportQuery & { page: number; page_size: number },
) {
  const filter = reportFilterOf(merchant, query);
  const countKey = countKeyOf(filter);
  if (counting.capped.has(countKey)) {
    const rows = await listReportPage(db, filter, rowsOfPage(query));
    return { count: counting.cap, isCountCapped: true, results: rows.map(toReportTransaction) };
  }
  const { rows, counted } = await listCountedReportPage(db, filter, rowsOfPage(query), counting.cap);
  const isCapped = counted > counting.cap;
  if (isCapped) counting.capped.add(countKey);
  return {
    count: isCapped ? counting.cap : counted,
    isCountCapped: isCapped,
    results: rows.map(toReportTransaction),
  };
}

/**
 * GET .../recent_payments/ (docs/product.md §9): Home's first 50 payments of the merchant's today that are
 * PAID or REFUND (a refund's own transaction, dated when it was made), newest first, searched like the report.
 */
export async function listRecentPayments(
  ctx: AppContext,
  merchant: ReportMerchant,
  like: string | undefined,
) {
  const today = localDateAt(merchant.timeZone, ctx.now());
  const rows = await listRecentPaid(ctx.db, {
    merchantId: merchant.id,
    from: zonedInstant(merchant.timeZone, today, '00:00'),
    like: like || undefined,
    limit: RECENT_PAYMENTS_LIMIT,
  });
  return { results: rows.map(toReportTransaction) };
}
