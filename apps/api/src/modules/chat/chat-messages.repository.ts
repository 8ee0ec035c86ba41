import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, statementName, type Db } from '../../db/client';
import { memberships, messages, users } from '../../db/schema';
import { escapeLike } from '../../kit/like';

// The chat window's reads (docs/product.md §3 Chat message): one customer's messages by seq (messages_customer_seq_idx),
// each with the staff sender's name and roles in this merchant.

const senderRoles = sql<string[] | null>`case when ${users.id} is null then null else
  coalesce(${memberships.roles}, '{}'::text[])
  || case when ${users.isSuperAdmin} then array['super_admin']::text[] else '{}'::text[] end end`;

const chatColumns = {
  id: messages.id,
  seq: messages.seq,
  customerId: messages.customerId,
  accountId: messages.accountId,
  direction: messages.direction,
  channel: messages.channel,
  body: messages.body,
  language: messages.language,
  translations: messages.translations,
  attachments: messages.attachments,
  status: messages.status,
  errorCode: messages.errorCode,
  errorMessage: messages.errorMessage,
  secondaryMessage: messages.secondaryMessage,
  createdAt: messages.createdAt,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderRoles,
};

function selectChatRows(db: Db) {
  return db
    .select(chatColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, messages.senderUserId), eq(memberships.merchantId, messages.merchantId)),
    );
}

export type ChatMessageRow = Awaited<ReturnType<typeof findChatMessageRows>>[number];

// The chat as it opens, by far its most read page: built and prepared once, not per request (issue 19).
const newestPageStatement = preparedPerDb((db) =>
  selectChatRows(db)
    .where(
      and(
        eq(messages.merchantId, sql.placeholder('merchantId')),
        eq(messages.customerId, sql.placeholder('customerId')),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(sql.placeholder('limit'))
    .prepare(statementName(db, 'chat_newest_page')),
);

/**
 * One page of a customer's messages, newest first. `olderThan` reads messages before a seq (the next page);
 * `newerThan` after it (then still answered newest first). `search`: a case-insensitive body substring.
 */
export async function listChatMessageRows(
  db: Db,
  query: {
    merchantId: string;
    customerId: string;
    limit: number;
    search?: string | undefined;
    olderThan?: number | undefined;
    newerThan?: number | undefined;
  },
) {
  const isNewestPage =
    query.search === undefined && query.olderThan === undefined && query.newerThan === undefined;
  if (isNewestPage) return newestPageStatement(db).execute(query);
  const conditions: SQL[] = [
    eq(messages.merchantId, query.merchantId),
    eq(messages.customerId, query.customerId),
  ];
  if (query.search) conditions.push(sql`${messages.body} ilike ${`%${escapeLike(query.search)}%`}`);
  if (query.olderThan !== undefined) conditions.push(sql`${messages.seq} < ${query.olderThan}`);
  if (query.newerThan !== undefined) conditions.push(sql`${messages.seq} > ${query.newerThan}`);
  const newestFirst = query.newerThan === undefined;
  const rows = await selectChatRows(db)
    .where(and(...conditions))
    .orderBy(newestFirst ? desc(messages.seq) : asc(messages.seq))
    .limit(query.limit);
  return newestFirst ? rows : rows.reverse();
}

/** The merchant's messages by id, in seq order (a send's answer; the live layer's pushes). */
export async function findChatMessageRows(db: Db, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectChatRows(db)
    .where(and(eq(messages.merchantId, merchantId), inArray(messages.id, [...ids])))
    .orderBy(asc(messages.seq));
}

/** A customer's messages after a seq, oldest first (a websocket client catching up), at most `limit`. */
export async function listChatMessageRowsAfter(
  db: Db,
  query: { merchantId: string; customerId: string; afterSeq: number; limit: number },
) {
  return selectChatRows(db)
    .where(
      and(
        eq(messages.merchantId, query.merchantId),
        eq(messages.customerId, query.customerId),
        sql`${messages.seq} > ${query.afterSeq}`,
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(query.limit);
}

/** The message's seq (a catch-up position), or null when it is not this merchant's customer's message. */
export async function findMessageSeq(
  db: Db,
  query: { merchantId: string; customerId: string; messageId: string },
): Promise<number | null> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(
      and(
        eq(messages.merchantId, query.merchantId),
        eq(messages.customerId, query.customerId),
        eq(messages.id, query.messageId),
      ),
    )
    .limit(1);
  return row?.seq ?? null;
}
