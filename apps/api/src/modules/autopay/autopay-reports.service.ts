import type {
  AutopayFailure,
  AutopayFailuresQuery,
  AutopaySummary,
  AutopaySummaryQuery,
} from '@paylane/shared/contracts/autopay';
import type { AppContext } from '../../context';
import { addDays, localDateAt, zonedInstant } from '../../jobs/zoned-time';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import {
  countEnrolled,
  listFailedRuns,
  runTotalsByDay,
  type ReportRange,
} from './autopay-reports.repository';

// The autopay reports (issue 18 item 5; docs/product.md §2 /autopay-summary and /{merchantID}/autopay-failures,
// §7 autopay_summary): attempts by the day they ran on the merchant's clock; the range defaults to the last 30
// days through today.

export type ReportMerchant = { id: string; timeZone: string };

const DEFAULT_DAYS = 30;

function rangeOf(merchant: ReportMerchant, query: { start?: string; end?: string }, now: Date) {
  const end = query.end ?? localDateAt(merchant.timeZone, now);
  const start = query.start ?? addDays(end, -(DEFAULT_DAYS - 1));
  const range: ReportRange = {
    merchantId: merchant.id,
    timeZone: merchant.timeZone,
    from: zonedInstant(merchant.timeZone, start, '00:00'),
    before: zonedInstant(merchant.timeZone, addDays(end, 1), '00:00'),
  };
  return { start, end, range };
}

/** GET …/autopay_summary/: enrolled now; charged and failed in the range, in all and by day. */
export async function autopaySummary(
  ctx: AppContext,
  merchant: ReportMerchant,
  query: AutopaySummaryQuery,
): Promise<AutopaySummary> {
  const { start, end, range } = rangeOf(merchant, query, ctx.now());
  const days = await runTotalsByDay(ctx.db, range);
  const sum = (key: 'charged' | 'charged_cents' | 'failed' | 'failed_cents') =>
    days.reduce((total, day) => total + day[key], 0);
  return {
    start,
    end,
    enrolled: await countEnrolled(ctx.db, merchant.id),
    charged: sum('charged'),
    charged_cents: sum('charged_cents'),
    failed: sum('failed'),
    failed_cents: sum('failed_cents'),
    days,
  };
}

/** GET …/autopay_failures/: failed autopay charges in the range, newest first. */
export async function listAutopayFailures(
  ctx: AppContext,
  merchant: ReportMerchant,
  query: AutopayFailuresQuery,
): Promise<PageSlice<AutopayFailure>> {
  const { range } = rangeOf(merchant, query, ctx.now());
  const { rows, total } = await listFailedRuns(ctx.db, range, rowsOfPage(query));
  return {
    count: total,
    results: rows.map(({ run, firstName, lastName, externalId }) => ({
      id: run.id,
      customer: { id: run.customerId, first_name: firstName, last_name: lastName },
      account: { id: run.accountId, external_id: externalId },
      due_date: run.dueDate,
      attempt: run.attempt,
      amount_cents: run.amountCents,
      payment_id: run.paymentId,
      failure_code: run.failureCode,
      reason: run.failureMessage ?? 'The payment was declined.',
      next_attempt_at: run.nextAttemptAt?.toISOString() ?? null,
      created: run.startedAt.toISOString(),
    })),
  };
}
