import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, payments, users, type PaymentStatus } from '../../db/schema';
import { escapeLike } from '../../kit/like';

/** What the report asks of a merchant's payments; the range is already in UTC instants. */
export type ReportFilter = {
  merchantId: string;
  statuses?: PaymentStatus[];
  /** Inclusive lower and exclusive upper bound on when the payment was made. */
  from?: Date;
  before?: Date;
  like?: string;
};

/** A payment with whose it is, as the report lists and exports it. */
export type ReportRow = Awaited<ReturnType<typeof listReportPage>>[number];

const METHOD_KINDS_WITH_LAST4 = ['card', 'bank', 'card_present'] as const;

/**
 * The matching payments, by index: customers by name (a substring, the customers' trigram index on
 * "first last") or external id (a prefix), accounts by number (a prefix), and — for four digits — card and bank
 * payments by the method's last four (`payments_merchant_last4_idx`). Each arm is one merchant's index probe.
 */
function likeCondition(merchantId: string, like: string): SQL {
  const term = like.toLowerCase();
  const prefix = `${escapeLike(term)}%`;
  const customerIds = sql`select c.id from ${customers} c where c.merchant_id = ${merchantId}
    and (lower(c.first_name || ' ' || c.last_name) like ${`%${escapeLike(term)}%`}
      or lower(c.external_id) like ${prefix})`;
  const accountIds = sql`select a.id from ${accounts} a where a.merchant_id = ${merchantId}
    and lower(a.external_id) like ${prefix}`;
  const arms = [
    sql`${payments.customerId} = any(array(${customerIds}))`,
    sql`${payments.accountId} = any(array(${accountIds}))`,
  ];
  if (/^\d{4}$/.test(term)) {
    arms.push(
      and(
        sql`right(${payments.methodLabel}, 4) = ${term}`,
        inArray(payments.methodKind, [...METHOD_KINDS_WITH_LAST4]),
      )!,
    );
  }
  return or(...arms)!;
}

function whereOf(filter: ReportFilter): SQL {
  return and(
    eq(payments.merchantId, filter.merchantId),
    filter.statuses?.length ? inArray(payments.status, filter.statuses) : undefined,
    filter.from ? gte(payments.createdAt, filter.from) : undefined,
    filter.before ? lt(payments.createdAt, filter.before) : undefined,
    filter.like ? likeCondition(filter.merchantId, filter.like) : undefined,
  )!;
}

const reportColumns = {
  payment: payments,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  customerExternalId: customers.externalId,
  accountNumber: accounts.externalId,
  takerFirstName: users.firstName,
  takerLastName: users.lastName,
  // The keyset cursor at the database's precision (microseconds; a JS Date keeps milliseconds).
  cursorAt: sql<string>`${payments.createdAt}::text`,
};

function selectReport(db: Db, where: SQL) {
  return db
    .select(reportColumns)
    .from(payments)
    .leftJoin(
      customers,
      and(eq(customers.merchantId, payments.merchantId), eq(customers.id, payments.customerId)),
    )
    .leftJoin(
      accounts,
      and(eq(accounts.merchantId, payments.merchantId), eq(accounts.id, payments.accountId)),
    )
    .leftJoin(users, eq(users.id, payments.createdByUserId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** One page of the report, newest first (`payments_merchant_created_idx`, read backwards). */
export function listReportPage(db: Db, filter: ReportFilter, page: { limit: number; offset: number }) {
  return selectReport(db, whereOf(filter)).limit(page.limit).offset(page.offset);
}

/**
 * How many payments match, counted no further than `cap` (docs/conventions.md §7: a page's count must not
 * cost a scan of a large merchant's whole history; the answer says when it stopped at the cap).
 */
export async function countReportRows(db: Db, filter: ReportFilter, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(payments)
    .where(whereOf(filter))
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(limited);
  return row?.total ?? 0;
}

/** Every matching payment, exactly (the export's progress total). */
export async function countAllReportRows(db: Db, filter: ReportFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(whereOf(filter));
  return row?.total ?? 0;
}

/** The export's next slice: the `limit` matching payments after `after` in the report's order. */
export function listReportSlice(
  db: Db,
  filter: ReportFilter,
  slice: { after: { at: string; id: string } | null; limit: number },
) {
  const where = slice.after
    ? and(
        whereOf(filter),
        sql`(${payments.createdAt}, ${payments.id}) < (${slice.after.at}::timestamptz, ${slice.after.id}::uuid)`,
      )!
    : whereOf(filter);
  return selectReport(db, where).limit(slice.limit);
}

/** Home's recent payments: the first `limit` of today that are paid (refunds join with Payments II). */
export function listRecentPaid(
  db: Db,
  filter: { merchantId: string; from: Date; like?: string; limit: number },
) {
  return listReportPage(
    db,
    { merchantId: filter.merchantId, statuses: ['paid'], from: filter.from, like: filter.like },
    { limit: filter.limit, offset: 0 },
  );
}
