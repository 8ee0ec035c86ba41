import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm';
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
 * The search's arms, each one merchant's index probe: payments of the customers a name (a substring, the
 * customers' trigram index on "first last") or an external id (a prefix) finds, of the accounts a number (a
 * prefix) finds, and — for four digits — card and bank payments by the method's last four.
 */
function likeArms(merchantId: string, like: string): SQL[] {
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
  return arms;
}

/** Everything but the search: the merchant, statuses, range and (for the export's slices) a keyset bound. */
function baseWhere(filter: ReportFilter, after?: ReportCursor | null): SQL {
  return and(
    eq(payments.merchantId, filter.merchantId),
    filter.statuses?.length ? inArray(payments.status, filter.statuses) : undefined,
    filter.from ? gte(payments.createdAt, filter.from) : undefined,
    filter.before ? lt(payments.createdAt, filter.before) : undefined,
    after
      ? sql`(${payments.createdAt}, ${payments.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined,
  )!;
}

/**
 * The (id, created_at) of the searched payments: a UNION of one index-only read per arm
 * (`payments_customer_created_idx` and `payments_account_created_idx` hold merchant, id, created_at and
 * status), so a search that finds a common name's thousands of payments sorts index entries, not rows. An OR
 * of the arms would fetch every matching row from the table before sorting (a bitmap heap scan).
 */
function searchedIds(filter: ReportFilter & { like: string }, after?: ReportCursor | null): SQL {
  const arms = likeArms(filter.merchantId, filter.like).map(
    (arm) =>
      sql`select ${payments.id} as id, ${payments.createdAt} as created_at from ${payments}
        where ${and(baseWhere(filter, after), arm)}`,
  );
  return sql`(${sql.join(arms, sql` union `)})`;
}

export type ReportCursor = { at: string; id: string };

/**
 * The page's payments first (a subquery with its LIMIT), then whose they are. Joined the other way round, the
 * planner sizes each lookup's Memoize cache for the merchant's whole history (200,000 estimated rows) and
 * builds it on every request: 60 pages/s where this shape does 790 (pgbench, 10 clients, 1M transactions).
 * `matchedCount`, when given, is one more column: the page's count in the same statement.
 */
function selectReport(
  db: Db,
  where: SQL,
  slice: { limit: number; offset: number },
  extra: { matchedCount?: SQL<number | null>; with?: WithSubquery } = {},
) {
  const page = db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(slice.limit)
    .offset(slice.offset)
    .as('page');
  return (extra.with ? db.with(extra.with) : db)
    .select({
      payment: page._.selectedFields,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      customerExternalId: customers.externalId,
      accountNumber: accounts.externalId,
      takerFirstName: users.firstName,
      takerLastName: users.lastName,
      // The keyset cursor at the database's precision (microseconds; a JS Date keeps milliseconds).
      cursorAt: sql<string>`${page.createdAt}::text`,
      matchedCount: (extra.matchedCount ?? sql<null>`null`).as('matched_count'),
    })
    .from(page)
    .leftJoin(customers, and(eq(customers.merchantId, page.merchantId), eq(customers.id, page.customerId)))
    .leftJoin(accounts, and(eq(accounts.merchantId, page.merchantId), eq(accounts.id, page.accountId)))
    .leftJoin(users, eq(users.id, page.createdByUserId))
    .orderBy(desc(page.createdAt), desc(page.id));
}

const hasLike = (filter: ReportFilter): filter is ReportFilter & { like: string } => Boolean(filter.like);

/** An uncorrelated scalar subquery, so PostgreSQL counts once per statement (an InitPlan), not per row. */
const countedUpTo = (matched: SQL, limit: number) =>
  sql<number | null>`(select count(*)::int from (${matched} limit ${limit}) as limited)`;

/**
 * `limit` payments from `offset` in the report's order (newest first, id breaking ties), after `after` when
 * given: without a search, one backwards range of `payments_merchant_created_idx`; with one, the page's ids
 * are picked from the searched index entries first and only those rows are read. With `countUpTo`, each row
 * also carries how many payments match, counted no further than that: without a search a second index range
 * in the same statement; with one, the searched entries the page already gathered (a CTE read by both), so
 * the customers are searched and their payments' entries read once per request, not once per statement.
 */
function selectSlice(
  db: Db,
  filter: ReportFilter,
  slice: { limit: number; offset: number; after?: ReportCursor | null; countUpTo?: number },
) {
  const { countUpTo } = slice;
  if (!hasLike(filter)) {
    const where = baseWhere(filter, slice.after);
    if (countUpTo === undefined) return selectReport(db, where, slice);
    const matched = sql`select 1 from ${payments} where ${baseWhere(filter)}`;
    return selectReport(db, where, slice, { matchedCount: countedUpTo(matched, countUpTo) });
  }
  // The CTE is read twice when counting, so PostgreSQL materializes it once (PostgreSQL 12+).
  const matched = db
    .$with('matched', {})
    .as(sql`select id, created_at from ${searchedIds(filter, slice.after)} as arms`);
  const ids = sql`select matched.id from matched
    order by matched.created_at desc, matched.id desc limit ${slice.limit} offset ${slice.offset}`;
  const where = and(eq(payments.merchantId, filter.merchantId), sql`${payments.id} in (${ids})`)!;
  const matchedCount =
    countUpTo === undefined ? undefined : countedUpTo(sql`select 1 from matched`, countUpTo);
  return selectReport(db, where, { limit: slice.limit, offset: 0 }, { matchedCount, with: matched });
}

/** One page of the report. */
export function listReportPage(db: Db, filter: ReportFilter, page: { limit: number; offset: number }) {
  return selectSlice(db, filter, page);
}

/**
 * One page of the report and how many payments match, counted no further than `cap` + 1 (see
 * countReportRows), in one statement. A page past the last has no row to carry the count: only then is it
 * counted by a statement of its own.
 */
export async function listCountedReportPage(
  db: Db,
  filter: ReportFilter,
  page: { limit: number; offset: number },
  cap: number,
): Promise<{ rows: ReportRow[]; counted: number }> {
  const rows = await selectSlice(db, filter, { ...page, countUpTo: cap + 1 });
  const first = rows[0];
  if (first) return { rows, counted: first.matchedCount ?? 0 };
  return { rows, counted: page.offset === 0 ? 0 : await countReportRows(db, filter, cap) };
}

/** How many payments match, counted no further than `limit` (null: all of them). */
async function countMatching(db: Db, filter: ReportFilter, limit: number | null): Promise<number> {
  const matched = hasLike(filter)
    ? sql`select 1 from ${searchedIds(filter)} as matched`
    : sql`select 1 from ${payments} where ${baseWhere(filter)}`;
  const limited = limit === null ? matched : sql`${matched} limit ${limit}`;
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (${limited}) as limited`,
  );
  return result.rows[0]?.total ?? 0;
}

/**
 * How many payments match, counted no further than `cap` + 1 (docs/conventions.md §7: a page's count must not
 * cost a scan of a large merchant's whole history; one more than the cap says there are more).
 */
export function countReportRows(db: Db, filter: ReportFilter, cap: number): Promise<number> {
  return countMatching(db, filter, cap + 1);
}

/** Every matching payment, exactly (the export's progress total). */
export function countAllReportRows(db: Db, filter: ReportFilter): Promise<number> {
  return countMatching(db, filter, null);
}

/** The export's next slice: the `limit` matching payments after `after` in the report's order. */
export function listReportSlice(
  db: Db,
  filter: ReportFilter,
  slice: { after: ReportCursor | null; limit: number },
) {
  return selectSlice(db, filter, { ...slice, offset: 0 });
}

/** Home's recent payments: the first `limit` of today that are paid, or refunds made today. */
export function listRecentPaid(
  db: Db,
  filter: { merchantId: string; from: Date; like?: string; limit: number },
) {
  return listReportPage(
    db,
    { merchantId: filter.merchantId, statuses: ['paid', 'refunded'], from: filter.from, like: filter.like },
    { limit: filter.limit, offset: 0 },
  );
}
