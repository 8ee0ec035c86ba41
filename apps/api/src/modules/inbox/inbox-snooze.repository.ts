import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerConversations as c } from '../../db/schema';

/** Snoozes a conversation until `until` (null wakes it); false if the merchant has no such conversation. */
export async function setSnoozedUntil(
  db: Db,
  merchantId: string,
  customerId: string,
  until: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(c)
    .set({ snoozedUntil: until })
    .where(and(eq(c.merchantId, merchantId), eq(c.customerId, customerId)))
    .returning({ customerId: c.customerId });
  return rows.length > 0;
}

/** Wakes every conversation whose snooze has run out (any merchant: a maintenance sweep); how many woke. */
export async function wakeDueSnoozes(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(c)
    .set({ snoozedUntil: null })
    .where(sql`${c.snoozedUntil} <= ${now.toISOString()}`)
    .returning({ customerId: c.customerId });
  return rows.length;
}
