import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, messages } from '../../db/schema';

/** The merchant of a customer who is not voided, or null (a chat socket's handshake). */
export async function findLiveCustomerMerchant(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ merchantId: customers.merchantId })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.voidedAt)))
    .limit(1);
  return row?.merchantId ?? null;
}

/**
 * Ids of the given customers' messages with seq in [lo, hi], oldest first: what a large statement (a mass
 * text, a dispatch chunk) wrote or changed for the chats open here. Each customer is one range of
 * messages_customer_seq_idx.
 */
export async function listMessageIdsInSeqRange(
  db: Db,
  query: { merchantId: string; customerIds: string[]; lo: number; hi: number; limit: number },
): Promise<string[]> {
  if (query.customerIds.length === 0) return [];
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        inArray(messages.customerId, query.customerIds),
        eq(messages.merchantId, query.merchantId),
        sql`${messages.seq} between ${query.lo} and ${query.hi}`,
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(query.limit);
  return rows.map((row) => row.id);
}
