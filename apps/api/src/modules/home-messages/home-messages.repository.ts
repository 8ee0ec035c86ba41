import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerConversations, customers, messages, messageTemplates } from '../../db/schema';

// The home pages' lists (issue 6): missed messages from customer_conversations (one row per conversation,
// customer_conversations_merchant_recent_idx), replies and automation sends from messages
// (messages_merchant_kind_created_idx). Every query is scoped by merchant.

const rowColumns = {
  messageId: messages.id,
  customerId: messages.customerId,
  accountId: messages.accountId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  externalId: customers.externalId,
  body: messages.body,
  status: messages.status,
  errorMessage: messages.errorMessage,
  templateName: messageTemplates.name,
  createdAt: messages.createdAt,
};
export type MessageListDbRow = Awaited<ReturnType<typeof listMessagesOfKind>>[number];

type Paging = { limit: number; offset: number };

/** Conversations whose last text is the customer's: nobody has answered yet. Newest first. */
export async function listMissedMessages(db: Db, merchantId: string, paging: Paging) {
  const c = customerConversations;
  // A literal, not a parameter: only then can a prepared statement's generic plan use the partial index
  // customer_conversations_merchant_missed_idx.
  const where = and(eq(c.merchantId, merchantId), sql`${c.lastDirection} = 'inbound'`);
  const rows = await db
    .select(rowColumns)
    .from(c)
    .innerJoin(messages, eq(messages.id, c.lastMessageId))
    .innerJoin(customers, eq(customers.id, c.customerId))
    .leftJoin(messageTemplates, eq(messageTemplates.id, messages.templateId))
    .where(where)
    .orderBy(desc(c.lastMessageSeq))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(c).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The merchant's messages of one kind (inbound replies, automation sends and skips), newest first. */
export async function listMessagesOfKind(
  db: Db,
  merchantId: string,
  kind: 'inbound' | 'automation',
  paging: Paging,
) {
  const where: SQL | undefined = and(eq(messages.merchantId, merchantId), eq(messages.kind, kind));
  return db
    .select(rowColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .leftJoin(messageTemplates, eq(messageTemplates.id, messages.templateId))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(paging.limit)
    .offset(paging.offset);
}

export async function countMessagesOfKind(
  db: Db,
  merchantId: string,
  kind: 'inbound' | 'automation',
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.merchantId, merchantId), eq(messages.kind, kind)));
  return row?.n ?? 0;
}
