import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  inlineValues,
  placeholderValues,
  preparedPerShape,
  statementName,
  UNNAMED,
  type Bind,
  type Db,
} from '../../db/client';
import { accounts, customers, locations, merchantCustomerCounts, merchants } from '../../db/schema';
import type { AccountSummary } from '@paylane/shared/contracts/customers';
import type { CustomerSearchPlan } from './customer-search.service';
import { customerSearchMatch } from './customer-search.repository';
import { countWhere } from '../../kit/count';
import { orderOf, sortKeyOf, type CustomerOrdering } from './customers-list-order';

export type { CustomerOrdering } from './customers-list-order';

export type CustomerListFilter = {
  merchantId: string;
  search: CustomerSearchPlan | null;
  locationId?: string | undefined;
  accountStatus?: string | undefined;
  tagId?: string | undefined;
  optedOut?: boolean | undefined;
};

/** What a listed customer is read with: the list's own columns plus what the page joins and sorts on. */
const hitColumns = {
  id: customers.id,
  merchantId: customers.merchantId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  externalId: customers.externalId,
  email: customers.email,
  smsPhoneNumber: customers.smsPhoneNumber,
  smsOptedOutAt: customers.smsOptedOutAt,
  emailOptedOutAt: customers.emailOptedOutAt,
  createdAt: customers.createdAt,
  locationId: customers.locationId,
};

/** Those columns on the customers table itself, or on a search's hits (a subquery of the same names). */
type CustomerSource = { [K in keyof typeof hitColumns]: AnyPgColumn };

/** The own accounts of each listed customer as the contract's summaries, open ones first (one index probe a row). */
const accountSummariesOf = (source: CustomerSource) => sql<AccountSummary[]>`(
  select coalesce(json_agg(json_build_object(
    'id', a.id, 'external_id', a.external_id, 'status', a.status,
    'amount_due_cents', a.amount_due_cents, 'due_date', a.due_date
  ) order by case when a.status in ('active', 'pending') then 0 else 1 end, a.created_at, a.id), '[]'::json)
  from accounts a where a.merchant_id = ${source.merchantId} and a.customer_id = ${source.id}
)`;

type ListedColumn = Exclude<keyof typeof hitColumns, 'merchantId' | 'locationId'>;

/** The page's columns, read from `source` (its column types carry over to the rows). */
function listColumns<S extends CustomerSource>(source: S) {
  const own: Pick<S, ListedColumn> = {
    id: source.id,
    firstName: source.firstName,
    lastName: source.lastName,
    externalId: source.externalId,
    email: source.email,
    smsPhoneNumber: source.smsPhoneNumber,
    smsOptedOutAt: source.smsOptedOutAt,
    emailOptedOutAt: source.emailOptedOutAt,
    createdAt: source.createdAt,
  };
  return {
    ...own,
    locationId: locations.id,
    locationName: locations.name,
    accounts: accountSummariesOf(source),
  };
}

/**
 * Live customers of the merchant that pass the filters (voided ones never show in lists). `bind` writes each
 * value in, or a placeholder named after the filter's key (and the search plan's) for a statement built once.
 */
export function customerListWhere(filter: CustomerListFilter, bind: Bind = inlineValues): SQL {
  const merchantId = bind('merchantId', filter.merchantId);
  const conditions: (SQL | undefined)[] = [eq(customers.merchantId, merchantId), isNull(customers.voidedAt)];
  // Only listSearchHits reads a search, its hits first (see customerSearchMatch).
  if (filter.search) conditions.push(customerSearchMatch(filter.merchantId, filter.search, bind));
  if (filter.locationId) conditions.push(eq(customers.locationId, bind('locationId', filter.locationId)));
  if (filter.accountStatus) {
    conditions.push(
      sql`exists (select 1 from accounts a where a.merchant_id = ${merchantId} and a.customer_id = ${customers.id} and a.status = ${bind('accountStatus', filter.accountStatus)})`,
    );
  }
  if (filter.tagId) {
    conditions.push(
      sql`exists (select 1 from accounts a join account_tag_links l on l.account_id = a.id where a.merchant_id = ${merchantId} and a.customer_id = ${customers.id} and l.merchant_id = ${merchantId} and l.tag_id = ${bind('tagId', filter.tagId)})`,
    );
  }
  if (filter.optedOut === true) {
    conditions.push(or(isNotNull(customers.smsOptedOutAt), isNotNull(customers.emailOptedOutAt)));
  } else if (filter.optedOut === false) {
    conditions.push(isNull(customers.smsOptedOutAt), isNull(customers.emailOptedOutAt));
  }
  return and(...conditions) as SQL;
}

/** The customers' own columns of a search's hits, under the same names (their types carry over). */
const ownColumns = <S extends CustomerSource>(source: S): Pick<S, keyof CustomerSource> => ({
  id: source.id,
  merchantId: source.merchantId,
  firstName: source.firstName,
  lastName: source.lastName,
  externalId: source.externalId,
  email: source.email,
  smsPhoneNumber: source.smsPhoneNumber,
  smsOptedOutAt: source.smsOptedOutAt,
  emailOptedOutAt: source.emailOptedOutAt,
  createdAt: source.createdAt,
  locationId: source.locationId,
});

type ListQuery = {
  filter: CustomerListFilter;
  ordering: CustomerOrdering;
  /** The merchant's calendar date, for Days late. */
  today: string;
  limit: number;
  offset: number;
};

/**
 * One page of the list and how many customers it has. Each shape is the cheapest for its case at 20,000
 * customers a merchant: the whole list walks customers_merchant_live_name_idx and reads the count the
 * triggers keep; a search reads its hits once for both the page and the count. The page is cut (a subquery
 * with the LIMIT and OFFSET) before its locations and accounts are looked up, so a deep page does not look
 * up the accounts of every row its OFFSET skips (page 381 of 402: 130,000 buffers before, 800 now).
 */
export async function listCustomerRows(db: Db, query: ListQuery) {
  if (query.filter.search) return listSearchHits(db, query);
  if (isUnfiltered(query.filter)) return listAllLive(db, query);
  return listFiltered(db, query);
}

/** The merchant's live customers in this order, with the count merchant_customer_counts keeps for them. */
function prepareAllLive(db: Db, ordering: CustomerOrdering) {
  const merchantId = sql.placeholder('merchantId');
  const liveCount = sql<number>`(${db
    .select({ total: merchantCustomerCounts.liveCustomers })
    .from(merchantCustomerCounts)
    .where(eq(merchantCustomerCounts.merchantId, merchantId))})`.mapWith(Number);
  const { totals, key } = sortKeyOf(db, ordering, merchantId, sql.placeholder('today'));
  const cut = db
    .select({ ...hitColumns, sortKey: key.as('sort_key') })
    .from(customers)
    .$dynamic();
  if (totals) cut.leftJoin(totals, eq(totals.customerId, customers.id));
  const page = cut
    .where(and(eq(customers.merchantId, merchantId), isNull(customers.voidedAt)))
    .orderBy(...orderOf(hitColumns, ordering, key))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ ...listColumns(page), total: liveCount })
    .from(page)
    .leftJoin(locations, eq(locations.id, page.locationId))
    .orderBy(...orderOf(page, ordering, page.sortKey))
    .prepare(statementName(db, `customer_list_${ordering.replace('-', 'desc_')}`));
}

// The list as it first opens, the most read page: one prepared statement per ordering (twelve at most).
const allLiveStatements = preparedPerShape<ReturnType<typeof prepareAllLive>>();

/** The merchant's live customers in order; the count from merchant_customer_counts in the same statement. */
async function listAllLive(db: Db, query: ListQuery) {
  const { ordering } = query;
  const statement = allLiveStatements(db, ordering, (forDb) => prepareAllLive(forDb, ordering));
  const { merchantId } = query.filter;
  const rows = await statement.execute({
    merchantId,
    today: query.today,
    limit: query.limit,
    offset: query.offset,
  });
  return withTotal(rows, query, () => countLiveCustomers(db, merchantId));
}

/**
 * A search's page with its count in one statement. The hits are a WITH query read twice (the page and the
 * count), so PostgreSQL computes them once, from the search's own indexes, before sorting: inlined into an
 * ordered query it would rather walk the name index and test every customer of the merchant against the search.
 */
function buildSearchHits(db: Db, filter: CustomerListFilter, ordering: CustomerOrdering) {
  const where = customerListWhere(filter, placeholderValues);
  const hits = db.$with('hits').as(db.select(hitColumns).from(customers).where(where));
  const { totals, key } = sortKeyOf(db, ordering, sql.placeholder('merchantId'), sql.placeholder('today'));
  const cut = db
    .select({ ...ownColumns(hits), sortKey: key.as('sort_key') })
    .from(hits)
    .$dynamic();
  if (totals) cut.leftJoin(totals, eq(totals.customerId, hits.id));
  const page = cut
    .orderBy(...orderOf(hits, ordering, key))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .with(hits)
    .select({ ...listColumns(page), total: sql<number>`(select count(*) from ${hits})`.mapWith(Number) })
    .from(page)
    .leftJoin(locations, eq(locations.id, page.locationId))
    .orderBy(...orderOf(page, ordering, page.sortKey))
    .prepare(UNNAMED);
}

/**
 * Which filters a list request has and in what order, not their values: the statements built for one shape
 * serve every request of that shape (a few dozen in practice; each filter and search key is present or not).
 */
function shapeOf(filter: CustomerListFilter, ordering: CustomerOrdering): string {
  const { search, locationId, accountStatus, tagId, optedOut } = filter;
  const present = { ...search, locationId, accountStatus, tagId };
  const keys = Object.keys(present).filter((key) => present[key as keyof typeof present] !== undefined);
  return [ordering, `opted_out=${String(optedOut)}`, ...keys.sort()].join(' ');
}

// Building a search's statement (drizzle's query builder over aliases) was a quarter of the route's CPU
// (issue 19's profile of the phone search): each shape is built once and sent unnamed, so PostgreSQL still
// plans it with its values (a LIKE prefix's index range is known only with the pattern).
const searchStatements = preparedPerShape<ReturnType<typeof buildSearchHits>>();

async function listSearchHits(db: Db, query: ListQuery) {
  const { filter, ordering } = query;
  const statement = searchStatements(db, shapeOf(filter, ordering), (forDb) =>
    buildSearchHits(forDb, filter, ordering),
  );
  const rows = await statement.execute({
    ...filter.search,
    merchantId: filter.merchantId,
    locationId: filter.locationId,
    accountStatus: filter.accountStatus,
    tagId: filter.tagId,
    today: query.today,
    limit: query.limit,
    offset: query.offset,
  });
  return withTotal(rows, query, () => countWhere(db, customers, customerListWhere(filter)));
}

/** Filters without a search: the page, then its count. */
async function listFiltered(db: Db, query: ListQuery) {
  const where = customerListWhere(query.filter);
  const { totals, key } = sortKeyOf(db, query.ordering, query.filter.merchantId, query.today);
  const cut = db
    .select({ ...hitColumns, sortKey: key.as('sort_key') })
    .from(customers)
    .$dynamic();
  if (totals) cut.leftJoin(totals, eq(totals.customerId, customers.id));
  const page = cut
    .where(where)
    .orderBy(...orderOf(hitColumns, query.ordering, key))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select(listColumns(page))
    .from(page)
    .leftJoin(locations, eq(locations.id, page.locationId))
    .orderBy(...orderOf(page, query.ordering, page.sortKey));
  return { rows, total: await countWhere(db, customers, where) };
}

/**
 * The rows without their count column, and the count. A page past the end has no row to carry the count,
 * so only then it is read on its own (the first page empty means none).
 */
async function withTotal<R extends { total: number }>(
  rows: R[],
  query: ListQuery,
  countAlone: () => Promise<number>,
) {
  const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countAlone());
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

const isUnfiltered = (filter: CustomerListFilter) =>
  !filter.search &&
  !filter.locationId &&
  !filter.accountStatus &&
  !filter.tagId &&
  filter.optedOut === undefined;

/** The merchant's live customers, kept by triggers (migration 0005): one row instead of counting them all. */
async function countLiveCustomers(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ total: merchantCustomerCounts.liveCustomers })
    .from(merchantCustomerCounts)
    .where(eq(merchantCustomerCounts.merchantId, merchantId));
  return row?.total ?? 0;
}

/** The merchant's time zone, for the calendar date Days late counts to. */
export async function findMerchantTimeZone(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: merchants.timeZone })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.timeZone ?? 'UTC';
}

export type CustomerListRow = Awaited<ReturnType<typeof listCustomerRows>>['rows'][number];

/** Open accounts (active, pending) before the others, then oldest first. */
export const openAccountsFirst = sql`case when ${accounts.status} in ('active', 'pending') then 0 else 1 end`;
