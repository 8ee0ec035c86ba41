import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerConversations, merchantCustomerCounts, messageBatches, messageKinds } from '../../db/schema';

// Home's figures (issue 14), each one statement over an index of its own, every one scoped by merchant:
// live customers from merchant_customer_counts (one row), accounts by accounts_merchant_status_idx,
// conversations by customer_conversations_merchant_recent_idx, texts by messages_merchant_kind_created_idx
// (every kind listed, so the window on created_at is an index range per kind), the newest batch by
// message_batches_merchant_created_idx.

export async function countLiveCustomers(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ total: merchantCustomerCounts.liveCustomers })
    .from(merchantCustomerCounts)
    .where(eq(merchantCustomerCounts.merchantId, merchantId));
  return row?.total ?? 0;
}

/** Active accounts, those due from `today` through `weekEnd`, and those past due (dates are the merchant's). */
export async function countAccounts(db: Db, query: { merchantId: string; today: string; weekEnd: string }) {
  const result = await db.execute<{ active: number; due_this_week: number; past_due: number }>(sql`
    select count(*)::int as active,
      (count(*) filter (where due_date between ${query.today}::date and ${query.weekEnd}::date))::int
        as due_this_week,
      (count(*) filter (where due_date < ${query.today}::date and amount_due_cents > 0))::int as past_due
    from accounts
    where merchant_id = ${query.merchantId} and status = 'active'`);
  return result.rows[0] ?? { active: 0, due_this_week: 0, past_due: 0 };
}

export async function countConversations(db: Db, merchantId: string) {
  const c = customerConversations;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      // The inbox's Needs reply (issue 20): a mass text sent after the customer's text does not answer it.
      waitingForReply: sql<number>`(count(*) filter (where ${c.awaitingReplySeq} is not null))::int`,
      unreadMessages: sql<number>`coalesce(sum(${c.unreadCount}), 0)::int`,
    })
    .from(c)
    .where(eq(c.merchantId, merchantId));
  return row ?? { total: 0, waitingForReply: 0, unreadMessages: 0 };
}

export type TextCountRow = {
  direction: 'inbound' | 'outbound';
  kind: string;
  status: string;
  has_error: boolean;
  /** Never handed to a provider (an automation skip, a refused send). */
  never_left: boolean;
  total: number;
};

/** The merchant's texts since `since`, counted by what the overview tells apart. */
export async function countTextsSince(
  db: Db,
  query: { merchantId: string; since: Date },
): Promise<TextCountRow[]> {
  const result = await db.execute<TextCountRow>(sql`
    select direction, kind, status, error_code is not null as has_error,
      provider_message_id is null as never_left, count(*)::int as total
    from messages
    where merchant_id = ${query.merchantId} and kind = any(${sql.param([...messageKinds])}::text[])
      and created_at >= ${query.since.toISOString()}::timestamptz and channel = 'sms'
    group by 1, 2, 3, 4, 5`);
  return result.rows;
}

export async function findLatestBatchId(db: Db, merchantId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: messageBatches.id })
    .from(messageBatches)
    .where(eq(messageBatches.merchantId, merchantId))
    .orderBy(desc(messageBatches.createdAt), desc(messageBatches.id))
    .limit(1);
  return row?.id ?? null;
}
