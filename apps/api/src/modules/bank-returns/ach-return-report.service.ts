import {
  RETURN_RATE_WINDOW_DAYS,
  returnRateThresholds,
  returnRuleOf,
  returnRules,
  type AchReturn,
  type AchReturnQuery,
  type ReturnRates,
} from '@paylane/shared/contracts/bank-returns';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { addDays, zonedInstant } from '../../jobs/zoned-time';
import { notFound } from '../../kit/errors';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import {
  countDebitsAndReturns,
  isCustomerAccount,
  listReturns,
  type ReturnReportFilter,
  type ReturnReportRow,
} from './bank-returns.repository';

// The /ach-return report (ach_return_report) and the return-rate gauge (issue 18 item 3).

type Merchant = { id: string; timeZone: string };

/** Returns by the day they came back on the merchant's clock (start and end inclusive), newest first. */
export async function listAchReturns(
  ctx: AppContext,
  merchant: Merchant,
  query: AchReturnQuery,
): Promise<PageSlice<AchReturn>> {
  const filter: ReturnReportFilter = {
    merchantId: merchant.id,
    from: query.start ? zonedInstant(merchant.timeZone, query.start, '00:00') : null,
    before: query.end ? zonedInstant(merchant.timeZone, addDays(query.end, 1), '00:00') : null,
    code: query.code ?? null,
  };
  const { rows, total } = await listReturns(ctx.db, filter, rowsOfPage(query));
  return { count: total, results: rows.map(toAchReturn) };
}

/** An account's returns (the customer page shows the latest and why autopay stopped), newest first. */
export async function listAccountReturns(
  ctx: AppContext,
  key: { merchantId: string; customerId: string; accountId: string },
  query: { page: number; page_size: number },
): Promise<PageSlice<AchReturn>> {
  if (!isUuid(key.customerId) || !isUuid(key.accountId)) throw notFound();
  if (!(await isCustomerAccount(ctx.db, key))) throw notFound();
  const { rows, total } = await listReturns(
    ctx.db,
    { merchantId: key.merchantId, from: null, before: null, code: null, accountId: key.accountId },
    rowsOfPage(query),
  );
  return { count: total, results: rows.map(toAchReturn) };
}

function toAchReturn(row: ReturnReportRow): AchReturn {
  const { ret } = row;
  return {
    id: ret.id,
    transaction_id: ret.paymentId,
    customer: {
      id: row.customerId ?? '',
      first_name: row.firstName ?? '',
      last_name: row.lastName ?? '',
      external_id: row.customerExternalId ?? null,
    },
    account: row.accountId ? { id: row.accountId, external_id: row.accountExternalId ?? null } : null,
    amount_cents: ret.amountCents,
    code: ret.code,
    reason: ret.message || returnRuleOf(ret.code).meaning,
    returned_at: ret.returnedAt.toISOString(),
    was_settled: ret.wasSettled,
    action: ret.action,
    action_taken: actionTaken(ret),
    represent_number: ret.representNumber,
    represent_transaction_id: ret.representPaymentId,
  };
}

/** What was done, in the report's words. */
export function actionTaken(ret: ReturnReportRow['ret']): string {
  switch (ret.action) {
    case 'represent':
      if (ret.representFailure) return `Not re-presented: ${ret.representFailure}`;
      return ret.representPaymentId
        ? `Re-presented (${ret.representNumber} of 2)`
        : `Re-presentment ${ret.representNumber} of 2 scheduled`;
    case 'retire_method':
      return 'Method retired';
    case 'stop_autopay':
      return ret.actionNote ? `Autopay not on` : 'Autopay stopped';
    case 'none':
      return ret.actionNote || 'No action';
  }
}

const DAY_MS = 86_400_000;
const categoryCodes = (category: 'unauthorized' | 'administrative') =>
  Object.entries(returnRules)
    .filter(([, rule]) => rule.category === category)
    .map(([code]) => code);

/**
 * The gauge: of the bank debits made in the last 60 days, the share that came back — unauthorized (R05, R07,
 * R10, R11, R29) against 0.5 %, administrative (R02–R04) against 3 %, all returns against 15 %.
 */
export async function returnRates(ctx: AppContext, merchantId: string): Promise<ReturnRates> {
  const since = new Date(ctx.now().getTime() - RETURN_RATE_WINDOW_DAYS * DAY_MS);
  const { debits, returns } = await countDebitsAndReturns(ctx.db, { merchantId, since });
  const countOf = (codes: string[] | null) =>
    returns.filter((row) => !codes || codes.includes(row.code)).reduce((sum, row) => sum + row.count, 0);
  const rate = (category: 'unauthorized' | 'administrative' | 'overall', codes: string[] | null) => {
    const count = countOf(codes);
    const percent = debits === 0 ? 0 : Math.round((count / debits) * 10_000) / 100;
    const threshold = returnRateThresholds[category];
    return {
      category,
      codes: codes ?? [],
      returns: count,
      rate_percent: percent,
      threshold_percent: threshold,
      is_over: percent > threshold,
    };
  };
  return {
    window_days: RETURN_RATE_WINDOW_DAYS,
    since: since.toISOString(),
    debits,
    rates: [
      rate('unauthorized', categoryCodes('unauthorized')),
      rate('administrative', categoryCodes('administrative')),
      rate('overall', null),
    ],
  };
}
