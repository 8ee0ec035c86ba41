import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';

/**
 * Gives a message being handed over its provider id, when a status callback outran the dispatcher recording
 * the hand-over (it records a whole chunk after sending it). Only a message still 'sending' without a
 * provider id changes; the dispatcher's own record then leaves it alone (it changes 'sending' rows only).
 */
export async function attachProviderMessageId(
  db: Db,
  input: { messageId: string; provider: string; providerMessageId: string; fromAddress: string | null },
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({
      provider: input.provider,
      providerMessageId: input.providerMessageId,
      fromAddress: sql`coalesce(${input.fromAddress}, ${messages.fromAddress})`,
      sentAt: at,
    })
    .where(
      and(
        eq(messages.id, input.messageId),
        eq(messages.direction, 'outbound'),
        eq(messages.status, 'sending'),
        isNull(messages.providerMessageId),
      ),
    )
    .returning({ id: messages.id });
  return updated.length > 0;
}
