import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import { neutralizeCsvCell } from '@paylane/shared/csv-cells';
import { centsToDollars } from '@paylane/shared/format';
import type { AppContext } from '../../context';
import { localDateAt } from '../../jobs/zoned-time';
import type { Actor } from '../../kit/actor';
import { recordAudit } from '../audit/audit.service';
import { countAllReportRows, listReportSlice, type ReportRow } from './payment-report.repository';
import {
  reportFilterOf,
  toReportTransaction,
  type ReportMerchant,
  type ReportQuery,
} from './payment-report.service';

// Rows read per query: a slice is one index range read (keyset on created_at, id), never an OFFSET, so the
// last slice of a million rows costs what the first does and no more than a slice is held at once.
const ROWS_PER_SLICE = 2000;

const HEADER = [
  'Date',
  'Status',
  'Customer',
  'Customer ID',
  'Account Number',
  'Payment Method',
  'Amount',
  'Convenience Fee',
  'Total',
  'Taken By',
  'Failure Reason',
  'Transaction ID',
  // A REFUND row's refunded payment: refunds are their own rows, dated the day they were made (issue 17).
  'Refund Of',
];

/** One CSV line: dates on the merchant's clock, money as dollars with two decimals, every cell formula-safe. */
function csvLine(row: ReportRow, timeZone: string): string[] {
  const transaction = toReportTransaction(row);
  const { payment, customer, account } = transaction;
  const cells = [
    DateTime.fromJSDate(row.payment.createdAt, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm:ss'),
    transaction.status,
    customer ? `${customer.first_name} ${customer.last_name}`.trim() : '',
    customer?.external_id ?? '',
    account?.account_number ?? '',
    payment.method_label,
    centsToDollars(payment.amount_cents),
    centsToDollars(payment.fee_cents),
    centsToDollars(payment.total_amount_cents),
    transaction.taken_by,
    payment.failure_message ?? '',
    transaction.id,
    payment.refund_of ?? '',
  ];
  return cells.map(neutralizeCsvCell);
}

async function* csvChunks(ctx: AppContext, merchant: ReportMerchant, query: ReportQuery) {
  const filter = reportFilterOf(merchant, query);
  yield stringify([HEADER]);
  for (let after: { at: string; id: string } | null = null; ;) {
    const rows = await listReportSlice(ctx.db, filter, { after, limit: ROWS_PER_SLICE });
    if (rows.length > 0) yield stringify(rows.map((row) => csvLine(row, merchant.timeZone)));
    const last = rows.at(-1);
    if (!last || rows.length < ROWS_PER_SLICE) return;
    after = { at: last.cursorAt, id: last.payment.id };
  }
}

/**
 * POST .../export_transactions/: every payment the report's filters match, newest first, as a CSV streamed a
 * slice at a time. `rowCount` is counted first, so the answer can announce it (X-Total-Count) before the body
 * and the browser can show how far the download is. Exports are audited (docs/conventions.md §5).
 */
export async function exportTransactions(
  ctx: AppContext,
  actor: Actor,
  merchant: ReportMerchant,
  query: ReportQuery,
) {
  const rowCount = await countAllReportRows(ctx.db, reportFilterOf(merchant, query));
  await recordAudit(ctx, {
    merchantId: merchant.id,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'transactions.exported',
    entityType: 'transaction',
    entityId: null,
    before: null,
    after: { ...query, row_count: rowCount },
  });
  const today = localDateAt(merchant.timeZone, ctx.now());
  const range = `${query.start ?? 'start'}_to_${query.end ?? today}`;
  return {
    csv: Readable.from(csvChunks(ctx, merchant, query)),
    fileName: `transactions_${range}.csv`,
    rowCount,
  };
}
