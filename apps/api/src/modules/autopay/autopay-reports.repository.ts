import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, autopayRuns, customers } from '../../db/schema';

// The autopay reports (autopay-reports.service.ts): a merchant's attempts by when they ran.

export type ReportRange = { merchantId: string; timeZone: string; from: Date; before: Date };

/** Accounts with autopay on now. */
export async function countEnrolled(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(accounts)
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.autopayEnabled, true)));
  return row?.value ?? 0;
}

/** Charged (paid or processing) and failed attempts with their amounts, per day on the merchant's clock. */
export async function runTotalsByDay(db: Db, range: ReportRange) {
  const result = await db.execute<{
    day: string;
    charged: string | number;
    charged_cents: string | number;
    failed: string | number;
    failed_cents: string | number;
  }>(sql`
    select to_char((started_at at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day,
           count(*) filter (where status in ('paid', 'processing')) as charged,
           coalesce(sum(amount_cents) filter (where status in ('paid', 'processing')), 0) as charged_cents,
           count(*) filter (where status = 'failed') as failed,
           coalesce(sum(amount_cents) filter (where status = 'failed'), 0) as failed_cents
    from autopay_runs
    where merchant_id = ${range.merchantId} and started_at >= ${range.from} and started_at < ${range.before}
    group by 1
    order by 1`);
  return result.rows.map((row) => ({
    date: row.day,
    charged: Number(row.charged),
    charged_cents: Number(row.charged_cents),
    failed: Number(row.failed),
    failed_cents: Number(row.failed_cents),
  }));
}

const failedIn = (range: ReportRange) =>
  and(
    eq(autopayRuns.merchantId, range.merchantId),
    eq(autopayRuns.status, 'failed'),
    gte(autopayRuns.startedAt, range.from),
    lt(autopayRuns.startedAt, range.before),
  );

/** Failed attempts, newest first, with their customer and account. */
export async function listFailedRuns(db: Db, range: ReportRange, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      run: autopayRuns,
      firstName: customers.firstName,
      lastName: customers.lastName,
      externalId: accounts.externalId,
    })
    .from(autopayRuns)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, autopayRuns.merchantId), eq(customers.id, autopayRuns.customerId)),
    )
    .innerJoin(
      accounts,
      and(eq(accounts.merchantId, autopayRuns.merchantId), eq(accounts.id, autopayRuns.accountId)),
    )
    .where(failedIn(range))
    .orderBy(desc(autopayRuns.startedAt), desc(autopayRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(autopayRuns).where(failedIn(range));
  return { rows, total: total?.value ?? 0 };
}
