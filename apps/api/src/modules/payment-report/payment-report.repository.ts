import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TransactionFields } from '../payments/transactions.service';
import {
  inlineValues,
  placeholderValues,
  preparedPerDb,
  preparedPerShape,
  statementName,
  UNNAMED,
  type Bind,
  type Db,
} from '../../db/client';
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
export type ReportRow = Awaited<ReturnType<typeof selectReport>>[number];

const METHOD_KINDS_WITH_LAST4 = ['card', 'bank', 'card_present'] as const;

/**
 * What a search term finds before any payment is read: the merchant's customers by name (a substring, the
 * merchant-keyed trigram index on "first last") or external id (a prefix), its accounts by number (a prefix),
 * and — for four digits — the method's last four.
 */
type SearchKeys = { customerIds: UuidArrayText; accountIds: UuidArrayText; last4: string | null };

/**
 * A uuid[] as PostgreSQL writes it ('{…,…}'), passed back as it came: parsing a common name's 1,400 ids into
 * strings and writing them out again was 13.5 % of the report search's CPU (postgres-array), and more as garbage.
 */
type UuidArrayText = string;
const NO_IDS: UuidArrayText = '{}';
const hasIds = (ids: UuidArrayText) => ids !== NO_IDS;

/** The filter with its search, if any, turned into keys. */
type KeyedFilter = Omit<ReportFilter, 'like'> & { keys: SearchKeys | null };

/**
 * One statement for the search's keys, sent before the payments are read, so the planner sees how many
 * customers matched: for a common name (1,438 customers, 14,000 payments) it walks the merchant's newest
 * payments until the page is full (0.8 ms); for a rare one it reads that customer's few. The keys inside the
 * payments' statement (InitPlans) leave it blind, and every page read all 14,000 entries to sort them.
 */
async function keyed(db: Db, filter: ReportFilter): Promise<KeyedFilter> {
  const { like, ...rest } = filter;
  if (!like) return { ...rest, keys: null };
  const term = like.toLowerCase();
  const prefix = `${escapeLike(term)}%`;
  const result = await db.execute<{ customer_ids: UuidArrayText; account_ids: UuidArrayText }>(
    sql`select array(select c.id from ${customers} c where c.merchant_id = ${filter.merchantId}
        and (lower(c.first_name || ' ' || c.last_name) like ${`%${escapeLike(term)}%`}
          or lower(c.external_id) like ${prefix}))::text as customer_ids,
      array(select a.id from ${accounts} a where a.merchant_id = ${filter.merchantId}
        and lower(a.external_id) like ${prefix})::text as account_ids`,
  );
  const found = result.rows[0];
  return {
    ...rest,
    keys: {
      customerIds: found?.customer_ids ?? NO_IDS,
      accountIds: found?.account_ids ?? NO_IDS,
      last4: /^\d{4}$/.test(term) ? term : null,
    },
  };
}

type KeyColumn = typeof payments.customerId | typeof payments.accountId;
/** Which key list a search arm reads, also the name of its placeholder. */
type KeyList = 'customerIds' | 'accountIds';
const columnOf: Record<KeyList, KeyColumn> = {
  customerIds: payments.customerId,
  accountIds: payments.accountId,
};

/** The ids bound as one parameter, the array literal itself, not one parameter per id. */
const uuids = (keys: SearchKeys, list: KeyList, bind: Bind) => sql`${bind(list, keys[list])}::uuid[]`;
/** In the list: an index condition (`= any`); a payment without the column is not. */
const isIn = (keys: SearchKeys, list: KeyList, bind: Bind) =>
  sql`${columnOf[list]} = any(${uuids(keys, list, bind)})`;
/** Not in the list, a payment without the column included (a bare `not … = any` would be null for it). */
const isNotIn = (keys: SearchKeys, list: KeyList, bind: Bind) =>
  sql`not coalesce(${columnOf[list]} = any(${uuids(keys, list, bind)}), false)`;
const hasLast4 = (last4: string, bind: Bind) =>
  and(
    sql`right(${payments.methodLabel}, 4) = ${bind('last4', last4)}`,
    inArray(payments.methodKind, [...METHOD_KINDS_WITH_LAST4]),
  )!;

/**
 * The search as one predicate on a payment (for the page: the planner picks the index to read it by). A key
 * list that found nothing is left out: each list costs the planner an estimate per id (about 1 ms for 1,400).
 */
function searchedBy(keys: SearchKeys, bind: Bind): SQL {
  const arms = [
    hasIds(keys.customerIds) ? isIn(keys, 'customerIds', bind) : undefined,
    hasIds(keys.accountIds) ? isIn(keys, 'accountIds', bind) : undefined,
    keys.last4 ? hasLast4(keys.last4, bind) : undefined,
  ].filter((arm) => arm !== undefined);
  return arms.length > 0 ? sql`(${sql.join(arms, sql` or `)})` : sql`false`;
}

/**
 * The search as disjoint arms, each one index-only range (`payments_customer_created_idx`,
 * `payments_account_created_idx`, `payments_merchant_last4_idx`), for counting: each arm leaves out what an
 * earlier one found, so the arms are a UNION ALL that a LIMIT stops early, not a UNION that hashes every match.
 * Arms and exclusions of key lists that found nothing are left out.
 */
function disjointArms(keys: SearchKeys, bind: Bind): SQL[] {
  const byCustomer = hasIds(keys.customerIds);
  const byAccount = hasIds(keys.accountIds);
  const notByCustomer = byCustomer ? isNotIn(keys, 'customerIds', bind) : undefined;
  const notByAccount = byAccount ? isNotIn(keys, 'accountIds', bind) : undefined;
  const arms: SQL[] = [];
  if (byCustomer) arms.push(isIn(keys, 'customerIds', bind));
  if (byAccount) arms.push(and(isIn(keys, 'accountIds', bind), notByCustomer)!);
  if (keys.last4) arms.push(and(hasLast4(keys.last4, bind), notByCustomer, notByAccount)!);
  return arms;
}

/** The statuses as one text[] parameter (written in, a JS array would become one parameter per status). */
function statusList(statuses: PaymentStatus[], bind: Bind): SQL {
  const bound = bind('statuses', statuses);
  return sql`${Array.isArray(bound) ? sql.param(bound) : bound}::text[]`;
}

/** Everything but the search: the merchant, statuses, range and (for the export's slices) a keyset bound. */
function baseWhere(filter: Omit<ReportFilter, 'like'>, after: ReportCursor | null, bind: Bind): SQL {
  return and(
    eq(payments.merchantId, bind('merchantId', filter.merchantId)),
    filter.statuses?.length ? sql`${payments.status} = any(${statusList(filter.statuses, bind)})` : undefined,
    filter.from ? sql`${payments.createdAt} >= ${bind('from', filter.from.toISOString())}` : undefined,
    filter.before ? sql`${payments.createdAt} < ${bind('before', filter.before.toISOString())}` : undefined,
    after
      ? sql`(${payments.createdAt}, ${payments.id}) < (${bind('afterAt', after.at)}::timestamptz, ${bind('afterId', after.id)}::uuid)`
      : undefined,
  )!;
}

const whereOf = (filter: KeyedFilter, after: ReportCursor | null, bind: Bind) =>
  and(baseWhere(filter, after, bind), filter.keys ? searchedBy(filter.keys, bind) : undefined)!;

/** Every matching payment as `select 1` rows: one range without a search, its disjoint arms with one. */
function matchedRows(filter: KeyedFilter, bind: Bind): SQL {
  const base = baseWhere(filter, null, bind);
  if (!filter.keys) return sql`select 1 from ${payments} where ${base}`;
  const arms = disjointArms(filter.keys, bind).map(
    (arm) => sql`select 1 from ${payments} where ${and(base, arm)}`,
  );
  return arms.length > 0 ? sql.join(arms, sql` union all `) : sql`select 1 where false`;
}

/** An uncorrelated scalar subquery, so PostgreSQL counts once per statement (an InitPlan), not per row. */
const countOf = (matched: SQL, limit: number | Placeholder | null) =>
  sql<number>`(select count(*)::int from (${matched}${limit === null ? sql`` : sql` limit ${limit}`}) as limited)`;

const countedUpTo = (filter: KeyedFilter, limit: number | null) =>
  countOf(matchedRows(filter, inlineValues), limit);

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
  slice: { limit: number | Placeholder; offset: number | Placeholder },
  matchedCount: SQL<number | null> = sql<null>`null`,
) {
  const page = db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(slice.limit)
    .offset(slice.offset)
    .as('page');
  return db
    .select({
      // Only what the transaction shows: each column mapped per row costs (issue 19's report profile).
      payment: {
        id: page.id,
        status: page.status,
        createdAt: page.createdAt,
        customerId: page.customerId,
        accountId: page.accountId,
        methodKind: page.methodKind,
        methodLabel: page.methodLabel,
        note: page.note,
        amountCents: page.amountCents,
        feeCents: page.feeCents,
        feeWaived: page.feeWaived,
        failureCode: page.failureCode,
        failureMessage: page.failureMessage,
        paidAt: page.paidAt,
        refundedCents: page.refundedCents,
        feeRefundedCents: page.feeRefundedCents,
        refundOfPaymentId: page.refundOfPaymentId,
      } satisfies Record<keyof TransactionFields, unknown>,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      customerExternalId: customers.externalId,
      accountNumber: accounts.externalId,
      takerFirstName: users.firstName,
      takerLastName: users.lastName,
      // The keyset cursor at the database's precision (microseconds; a JS Date keeps milliseconds).
      cursorAt: sql<string>`${page.createdAt}::text`,
      matchedCount: matchedCount.as('matched_count'),
    })
    .from(page)
    .leftJoin(customers, and(eq(customers.merchantId, page.merchantId), eq(customers.id, page.customerId)))
    .leftJoin(accounts, and(eq(accounts.merchantId, page.merchantId), eq(accounts.id, page.accountId)))
    .leftJoin(users, eq(users.id, page.createdByUserId))
    .orderBy(desc(page.createdAt), desc(page.id));
}

/**
 * `limit` payments from `offset` in the report's order (newest first, id breaking ties), after `after` when
 * given, optionally with how many match (counted no further than `countUpTo`) on each row.
 */
async function selectSlice(db: Db, filter: KeyedFilter, slice: Slice) {
  const statement = sliceStatements(db, shapeOf(filter, slice), (forDb) => buildSlice(forDb, filter, slice));
  const { keys, from, before, ...rest } = filter;
  return statement.execute({
    ...rest,
    ...keys,
    from: from?.toISOString(),
    before: before?.toISOString(),
    afterAt: slice.after?.at,
    afterId: slice.after?.id,
    limit: slice.limit,
    offset: slice.offset,
    countUpTo: slice.countUpTo,
  });
}

type Slice = { limit: number; offset: number; after?: ReportCursor | null; countUpTo?: number };

/** selectSlice's statement for every filter and slice of this one's shape, its values placeholders. */
function buildSlice(db: Db, filter: KeyedFilter, slice: Slice) {
  const matchedCount =
    slice.countUpTo === undefined
      ? undefined
      : countOf(matchedRows(filter, placeholderValues), sql.placeholder('countUpTo'));
  const where = whereOf(filter, slice.after ?? null, placeholderValues);
  const page = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  return selectReport(db, where, page, matchedCount).prepare(UNNAMED);
}

/** Which parts a filtered page has (statuses, range, cursor, search arms, count), not their values. */
function shapeOf({ statuses, from, before, keys }: KeyedFilter, slice: Slice): string {
  const parts = {
    statuses: Boolean(statuses?.length),
    from: Boolean(from),
    before: Boolean(before),
    after: Boolean(slice.after),
    counted: slice.countUpTo !== undefined,
    searched: keys !== null,
    customerIds: keys !== null && hasIds(keys.customerIds),
    accountIds: keys !== null && hasIds(keys.accountIds),
    last4: keys?.last4 != null,
  };
  return Object.entries(parts)
    .filter(([, present]) => present)
    .map(([part]) => part)
    .join(' ');
}

// Built once per shape and sent unnamed (see db/client preparedPerShape): building the report's statement in
// drizzle was a tenth of the search route's CPU (issue 19's profile); PostgreSQL still plans it with the
// search's key lists, whose length decides how it reads the payments.
const sliceStatements = preparedPerShape<ReturnType<typeof buildSlice>>();

/**
 * The report as it opens, unfiltered, by far its most read page, prepared once: planning it cost more than
 * running it (2.6 ms against 1.3 ms for the benchmark's largest merchant), and building it in drizzle was the
 * route's largest cost after the socket (issue 19's profile). With the count in the same statement, or without
 * while the service remembers the count as capped.
 */
function prepareUnfilteredPage(db: Db, withCount: boolean) {
  const where = eq(payments.merchantId, sql.placeholder('merchantId'));
  const slice = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  const matchedCount = withCount
    ? countOf(sql`select 1 from ${payments} where ${where}`, sql.placeholder('countUpTo'))
    : undefined;
  const name = withCount ? 'report_unfiltered_counted' : 'report_unfiltered';
  return selectReport(db, where, slice, matchedCount).prepare(statementName(db, name));
}

const unfilteredPage = preparedPerDb((db) => prepareUnfilteredPage(db, false));
const unfilteredCountedPage = preparedPerDb((db) => prepareUnfilteredPage(db, true));

const isUnfiltered = (filter: ReportFilter) =>
  !filter.statuses?.length && !filter.from && !filter.before && !filter.like;

/** One page of the report. */
export async function listReportPage(db: Db, filter: ReportFilter, page: { limit: number; offset: number }) {
  if (isUnfiltered(filter)) return unfilteredPage(db).execute({ merchantId: filter.merchantId, ...page });
  return selectSlice(db, await keyed(db, filter), page);
}

/**
 * One page of the report and how many payments match, counted no further than `cap` + 1 (see
 * countReportRows), in the page's statement (after the search's keys, when searched). A page past the last
 * has no row to carry the count: only then is it counted by a statement of its own.
 */
export async function listCountedReportPage(
  db: Db,
  filter: ReportFilter,
  page: { limit: number; offset: number },
  cap: number,
): Promise<{ rows: ReportRow[]; counted: number }> {
  const keyedFilter = await keyed(db, filter);
  const rows = isUnfiltered(filter)
    ? await unfilteredCountedPage(db).execute({ merchantId: filter.merchantId, ...page, countUpTo: cap + 1 })
    : await selectSlice(db, keyedFilter, { ...page, countUpTo: cap + 1 });
  const first = rows[0];
  if (first) return { rows, counted: first.matchedCount ?? 0 };
  return { rows, counted: page.offset === 0 ? 0 : await countMatching(db, keyedFilter, cap + 1) };
}

/** How many payments match, counted no further than `limit` (null: all of them). */
async function countMatching(db: Db, filter: KeyedFilter, limit: number | null): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`select ${countedUpTo(filter, limit)} as total`);
  return result.rows[0]?.total ?? 0;
}

/**
 * How many payments match, counted no further than `cap` + 1 (docs/conventions.md §7: a page's count must not
 * cost a scan of a large merchant's whole history; one more than the cap says there are more).
 */
export async function countReportRows(db: Db, filter: ReportFilter, cap: number): Promise<number> {
  return countMatching(db, await keyed(db, filter), cap + 1);
}

/** Every matching payment, exactly (the export's progress total). */
export async function countAllReportRows(db: Db, filter: ReportFilter): Promise<number> {
  return countMatching(db, await keyed(db, filter), null);
}

/** The export's next slice: the `limit` matching payments after `after` in the report's order. */
export async function listReportSlice(
  db: Db,
  filter: ReportFilter,
  slice: { after: ReportCursor | null; limit: number },
) {
  return selectSlice(db, await keyed(db, filter), { ...slice, offset: 0 });
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
