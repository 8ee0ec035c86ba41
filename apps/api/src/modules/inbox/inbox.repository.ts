import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
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
import type { InboxView } from '@paylane/shared/contracts/inbox';
import { customerConversations, customers, locations } from '../../db/schema';

// The inbox (issue 6): one row per conversation from customer_conversations, newest first by the last
// message's seq (customer_conversations_merchant_recent_idx, or _location_recent_idx with a location).

export type InboxFilter = {
  /** Live customers whose E.164 phone starts with this (customers_merchant_phone_key). */
  phone?: string;
  /** Lower-cased external id prefix (customers_merchant_external_prefix_idx). */
  externalId?: string;
  /** Lower-cased 'first last' substring (customers_full_name_trgm_idx). */
  name?: string;
};

const c = customerConversations;

/** The filter's condition on the joined customers row (only live customers are joined). */
function customerCondition(filter: InboxFilter, bind: Bind = inlineValues): SQL | undefined {
  if (filter.phone !== undefined) return sql`${customers.smsPhoneNumber} like ${bind('phone', filter.phone)}`;
  if (filter.externalId !== undefined)
    return sql`lower(${customers.externalId}) like ${bind('externalId', filter.externalId)}`;
  if (filter.name !== undefined)
    return sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${bind('name', filter.name)}`;
  return undefined;
}

/**
 * Up to `limit` live customers of the merchant the filter matches, each way from its own index (written with
 * exactly the index's expression).
 */
export async function probeInboxFilter(
  db: Db,
  merchantId: string,
  filter: InboxFilter,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), isNull(customers.voidedAt), customerCondition(filter)))
    .limit(limit);
  return rows.map((row) => row.id);
}

const entryColumns = {
  customerId: c.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  externalId: customers.externalId,
  lastMessageBody: c.lastMessageBody,
  lastMessageAt: c.lastMessageAt,
  lastMessageSeq: c.lastMessageSeq,
  lastMessageKind: c.lastMessageKind,
  lastMessageSenderUserId: c.lastMessageSenderUserId,
  lastDirection: c.lastDirection,
  unreadCount: c.unreadCount,
  awaitingReplySeq: c.awaitingReplySeq,
  awaitingReplyAt: c.awaitingReplyAt,
  snoozedUntil: c.snoozedUntil,
};
/** The join every inbox read makes: a conversation shows only with its customer, and only while not voided. */
const isLiveCustomerOf = and(eq(customers.id, c.customerId), isNull(customers.voidedAt));

export type InboxRow = NonNullable<Awaited<ReturnType<typeof findInboxRow>>>;

/**
 * Which page of which conversations. `after`/`before` are keyset bounds in the view's order: on the view's
 * sort key (Needs reply: awaiting_reply_seq, oldest first; the others: last_message_seq, newest first).
 */
export type InboxPageQuery = {
  merchantId: string;
  locationId: string | null;
  view: InboxView;
  /** The caller, whose conversations Mine lists. */
  userId: string | null;
  /** The search ({}: none). */
  filter: InboxFilter;
  limit: number;
  after?: number | undefined;
  before?: number | undefined;
};

/** The view's sort key and whether it lists smallest first (Needs reply: oldest wait first). */
const sortOf = (view: InboxView) =>
  view === 'needs_reply'
    ? { key: c.awaitingReplySeq, ascending: true }
    : { key: c.lastMessageSeq, ascending: false };

/** The key a row is at in its view's order (what the page's cursor keeps). */
export const sortKeyOf = (view: InboxView, row: InboxRow): number =>
  view === 'needs_reply' ? (row.awaitingReplySeq ?? 0) : row.lastMessageSeq;

const isAwake = sql`${c.snoozedUntil} is null`;

/**
 * Which conversations the view lists (each condition has its partial index; see the schema). A snoozed
 * conversation is put away: only All and Snoozed list it.
 */
function viewCondition(query: InboxPageQuery, bind: Bind): SQL | undefined {
  switch (query.view) {
    case 'needs_reply':
      return sql`${c.awaitingReplySeq} is not null and ${isAwake}`;
    case 'unread':
      return sql`${c.unreadCount} > 0 and ${isAwake}`;
    case 'mine':
      // A caller without a user (an API key) has answered nothing.
      return query.userId === null
        ? sql`false`
        : and(eq(c.lastRepliedByUserId, bind('userId', query.userId)), isAwake);
    case 'all':
      return undefined;
    case 'snoozed':
      return sql`${c.snoozedUntil} is not null`;
  }
}

/** The merchant, the view, the location and the keyset bounds: what every page's statement keeps. */
function pageConditions(query: InboxPageQuery, bind: Bind = inlineValues) {
  const { key, ascending } = sortOf(query.view);
  const past = (bound: number, name: string, forward: boolean) =>
    forward === ascending ? sql`${key} > ${bind(name, bound)}` : sql`${key} < ${bind(name, bound)}`;
  return [
    eq(c.merchantId, bind('merchantId', query.merchantId)),
    viewCondition(query, bind),
    query.locationId === null ? undefined : eq(c.locationId, bind('locationId', query.locationId)),
    query.after === undefined ? undefined : past(query.after, 'after', true),
    query.before === undefined ? undefined : past(query.before, 'before', false),
  ];
}

/** A `before` page is read backwards from its bound, then turned round. */
function pageOrder(query: InboxPageQuery) {
  const { key, ascending } = sortOf(query.view);
  return ascending === (query.before === undefined) ? asc(key) : desc(key);
}

/** Rows in the view's order. */
const inViewOrder = <T>(query: InboxPageQuery, rows: T[]) =>
  query.before === undefined ? rows : rows.reverse();

// The inbox as it opens (every location, no search), its most read page: built and prepared once (issue 19).
const newestPageStatement = preparedPerDb((db) =>
  db
    .select(entryColumns)
    .from(c)
    .innerJoin(customers, isLiveCustomerOf)
    .where(eq(c.merchantId, sql.placeholder('merchantId')))
    .orderBy(desc(c.lastMessageSeq))
    .limit(sql.placeholder('limit'))
    .prepare(statementName(db, 'inbox_newest_page')),
);

const isNewestUnfilteredPage = (query: InboxPageQuery) =>
  query.view === 'all' &&
  query.locationId === null &&
  Object.keys(query.filter).length === 0 &&
  query.after === undefined &&
  query.before === undefined;

/** One page of the view's conversations, each one's customer checked against the search while walking. */
export async function listInboxRows(db: Db, query: InboxPageQuery) {
  if (isNewestUnfilteredPage(query)) return newestPageStatement(db).execute(query);
  const rows = await db
    .select(entryColumns)
    .from(c)
    .innerJoin(customers, isLiveCustomerOf)
    .where(and(...pageConditions(query), customerCondition(query.filter)))
    .orderBy(pageOrder(query))
    .limit(query.limit);
  return inViewOrder(query, rows);
}

type MatchesQuery = InboxPageQuery & { matchesUpTo: number };

/**
 * A search's page read by key: the conversations of the first `matchesUpTo` customers the search matches, each
 * row with how many it matched (at most `matchesUpTo`), in one statement. The matches are a WITH query read
 * twice, so found once; their ids reach the page through an init plan, which PostgreSQL cannot count while
 * planning, so it reads the few conversations by key and sorts them, where a list it could count (1,000 ids)
 * made it walk the merchant's conversations instead (40 ms against 12 ms).
 */
function buildRowsOfMatches(db: Db, query: MatchesQuery) {
  const matches = db.$with('matches').as(
    db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.merchantId, sql.placeholder('merchantId')),
          isNull(customers.voidedAt),
          customerCondition(query.filter, placeholderValues),
        ),
      )
      .limit(sql.placeholder('matchesUpTo')),
  );
  return db
    .with(matches)
    .select({ ...entryColumns, matchCount: sql<number>`(select count(*)::int from ${matches})` })
    .from(c)
    .innerJoin(customers, isLiveCustomerOf)
    .where(
      and(
        ...pageConditions(query, placeholderValues),
        sql`${c.customerId} = any(array(select id from ${matches}))`,
      ),
    )
    .orderBy(pageOrder(query))
    .limit(sql.placeholder('limit'))
    .prepare(UNNAMED);
}

/** Which search field, view, location and keyset bound a page has, not their values. */
const shapeOf = (query: InboxPageQuery) =>
  [
    ...Object.keys(query.filter),
    query.view,
    query.locationId === null ? 'all' : 'location',
    query.after === undefined ? '' : 'after',
    query.before === undefined ? '' : 'before',
  ].join(' ');

// Each shape is built once (drizzle's query building was most of the search route's own CPU, issue 19) and sent
// unnamed, so PostgreSQL plans each search with its pattern.
const rowsOfMatchesStatements = preparedPerShape<ReturnType<typeof buildRowsOfMatches>>();

export async function listInboxRowsOfMatches(db: Db, query: MatchesQuery) {
  const statement = rowsOfMatchesStatements(db, shapeOf(query), (forDb) => buildRowsOfMatches(forDb, query));
  const rows = await statement.execute({ ...query, ...query.filter });
  return inViewOrder(query, rows);
}

/** The conversation of one of the merchant's live customers, or null. */
export async function findInboxRow(db: Db, merchantId: string, customerId: string) {
  const [row] = await db
    .select(entryColumns)
    .from(c)
    .innerJoin(customers, isLiveCustomerOf)
    .where(and(eq(c.merchantId, merchantId), eq(c.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

export async function isMerchantLocation(db: Db, merchantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.merchantId, merchantId), eq(locations.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * How many of the merchant's live conversations wait for a reply and how many are unread, each counted no
 * further than `upTo` (each from its partial index).
 */
export async function countInboxViews(db: Db, merchantId: string, upTo: number) {
  const counted = (condition: SQL) =>
    sql<number>`(select count(*)::int from (select 1 from ${c} join ${customers} on ${isLiveCustomerOf}
      where ${c.merchantId} = ${merchantId} and ${condition} limit ${upTo}) as counted)`;
  const result = await db.execute<{ needs_reply: number; unread: number }>(
    sql`select ${counted(sql`${c.awaitingReplySeq} is not null and ${isAwake}`)} as needs_reply,
      ${counted(sql`${c.unreadCount} > 0 and ${isAwake}`)} as unread`,
  );
  return result.rows[0] ?? { needs_reply: 0, unread: 0 };
}

/** Resolving a conversation takes it out of Needs reply until the customer texts again; false if none. */
export async function clearAwaitingReply(db: Db, merchantId: string, customerId: string): Promise<boolean> {
  const rows = await db
    .update(c)
    .set({ awaitingReplySeq: null, awaitingReplyAt: null })
    .where(and(eq(c.merchantId, merchantId), eq(c.customerId, customerId)))
    .returning({ customerId: c.customerId });
  return rows.length > 0;
}

/** Opening a conversation (update_last_viewed) reads it: its unread count goes back to 0. */
export async function clearUnreadCount(db: Db, merchantId: string, customerId: string): Promise<void> {
  await db
    .update(c)
    .set({ unreadCount: 0 })
    .where(and(eq(c.merchantId, merchantId), eq(c.customerId, customerId), sql`${c.unreadCount} <> 0`));
}
