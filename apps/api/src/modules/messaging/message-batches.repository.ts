import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageBatches, messageTemplates, users } from '../../db/schema';
import { escapeLike } from '../../kit/like';
import { countWhere } from '../../kit/count';

const batchColumns = {
  id: messageBatches.id,
  name: messageBatches.name,
  body: messageBatches.body,
  templateId: messageBatches.templateId,
  templateName: messageTemplates.name,
  isCsvImported: messageBatches.isCsvImported,
  recipientCount: messageBatches.recipientCount,
  createdAt: messageBatches.createdAt,
  canceledAt: messageBatches.canceledAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};
export type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

function batchQuery(db: Db, where: SQL | undefined) {
  return db
    .select(batchColumns)
    .from(messageBatches)
    .leftJoin(messageTemplates, eq(messageTemplates.id, messageBatches.templateId))
    .leftJoin(users, eq(users.id, messageBatches.createdByUserId))
    .where(where);
}

/** A page of the merchant's batches, newest first; `search` matches the batch name. */
export async function listBatches(
  db: Db,
  query: { merchantId: string; search?: string | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(messageBatches.merchantId, query.merchantId),
    query.search ? ilike(messageBatches.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const rows = await batchQuery(db, where)
    .orderBy(desc(messageBatches.createdAt), desc(messageBatches.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, messageBatches, where) };
}

export async function findBatch(db: Db, merchantId: string, batchId: string) {
  const [row] = await batchQuery(
    db,
    and(eq(messageBatches.merchantId, merchantId), eq(messageBatches.id, batchId)),
  );
  return row ?? null;
}

/** Messages by status for each batch: one group-by over the (batch_id, status) index. */
export async function countBatchStatuses(db: Db, merchantId: string, batchIds: readonly string[]) {
  if (batchIds.length === 0) return [];
  const result = await db.execute<{ batch_id: string; status: string; total: number }>(sql`
    select batch_id, status, count(*)::int as total from messages
    where merchant_id = ${merchantId} and batch_id = any(${sql.param(batchIds)}::uuid[])
    group by batch_id, status`);
  return result.rows;
}

/** The statuses each report filter covers (docs/product.md §4 display groups). */
export const statusGroups = {
  pending: ['pending', 'sending'],
  queued: ['queued'],
  sent: ['sent', 'accepted'],
  delivered: ['delivered', 'received'],
  failed: ['failed', 'undelivered'],
  canceled: ['canceled'],
} as const;
export type StatusGroup = keyof typeof statusGroups;

/** A page of one batch's messages with their customers, in recipient order (the batch's unique index). */
export async function listBatchMessages(
  db: Db,
  query: {
    merchantId: string;
    batchId: string;
    status?: StatusGroup | undefined;
    limit: number;
    offset: number;
  },
) {
  const statusFilter = query.status
    ? sql`and m.status = any(${sql.param([...statusGroups[query.status]])}::text[])`
    : sql``;
  const rows = await db.execute<{
    id: string;
    customer_id: string;
    first_name: string;
    last_name: string;
    external_id: string | null;
    to_address: string;
    body: string;
    status: string;
    error_code: string | null;
    error_message: string | null;
    // Raw statements answer timestamps as text.
    send_after: string;
    sent_at: string | null;
    status_changed_at: string;
  }>(sql`
    select m.id, m.customer_id, c.first_name, c.last_name, c.external_id, m.to_address, m.body, m.status,
      m.error_code, m.error_message, m.send_after, m.sent_at, m.status_changed_at
    from messages m join customers c on c.id = m.customer_id
    where m.merchant_id = ${query.merchantId} and m.batch_id = ${query.batchId} ${statusFilter}
    order by m.customer_id
    limit ${query.limit} offset ${query.offset}`);
  const totals = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from messages m
    where m.merchant_id = ${query.merchantId} and m.batch_id = ${query.batchId} ${statusFilter}`);
  return { rows: rows.rows, total: totals.rows[0]?.total ?? 0 };
}

/** Cancels what has not left; returns false when the merchant has no such batch. */
export async function cancelPendingMessages(
  db: Db,
  input: { merchantId: string; batchId: string; at: Date },
) {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .update(messageBatches)
      .set({
        canceledAt: sql`coalesce(${messageBatches.canceledAt}, ${input.at.toISOString()}::timestamptz)`,
      })
      .where(and(eq(messageBatches.merchantId, input.merchantId), eq(messageBatches.id, input.batchId)))
      .returning({ id: messageBatches.id });
    if (!batch) return false;
    await tx.execute(sql`
      update messages set status = 'canceled', status_changed_at = ${input.at.toISOString()}::timestamptz
      where merchant_id = ${input.merchantId} and batch_id = ${input.batchId} and status = 'pending'`);
    return true;
  });
}
