import { and, eq, sql } from 'drizzle-orm';
import { isStatusForward, messageStatuses, statusRankOf, type MessageStatus } from '@paylane/shared/messaging';
import type { DbExecutor } from '../../db/client';
import { messages, messageStatusEvents } from '../../db/schema';

export type ProviderStatus = {
  provider: string;
  providerMessageId: string;
  status: MessageStatus;
  errorCode?: string | null;
  errorMessage?: string | null;
};

export type RecordedStatus = {
  messageId: string;
  merchantId: string;
  customerId: string;
  status: MessageStatus;
  /** False when the event was a replay or would have moved the message backwards. */
  changed: boolean;
};

// The rank of each status as SQL, so the forward-only rule is checked in the UPDATE itself: two callbacks
// racing each other cannot both win, whatever order they commit in.
const rankSql = sql.raw(
  `case ${messages.status.name} ${messageStatuses
    .map((status) => `when '${status}' then ${statusRankOf(status)}`)
    .join(' ')} else 0 end`,
);

/**
 * Stores a status a provider reported (callback, or the outbox walker). Idempotent per (provider, provider
 * message id, status) and forward only (design.md §5): a replayed or older status changes nothing.
 * Returns null when no message has that provider id (a callback for a message we do not know).
 */
export async function recordProviderStatus(
  db: DbExecutor,
  event: ProviderStatus,
  at: Date,
): Promise<RecordedStatus | null> {
  const [message] = await db
    .select({
      id: messages.id,
      merchantId: messages.merchantId,
      customerId: messages.customerId,
      status: messages.status,
    })
    .from(messages)
    .where(and(eq(messages.provider, event.provider), eq(messages.providerMessageId, event.providerMessageId)));
  if (!message) return null;
  const inserted = await db
    .insert(messageStatusEvents)
    .values({
      merchantId: message.merchantId,
      messageId: message.id,
      provider: event.provider,
      providerMessageId: event.providerMessageId,
      status: event.status,
      errorCode: event.errorCode ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: messageStatusEvents.id });
  const base = { messageId: message.id, merchantId: message.merchantId, customerId: message.customerId };
  if (inserted.length === 0 || !isStatusForward(message.status, event.status)) {
    return { ...base, status: message.status, changed: false };
  }
  const updated = await db
    .update(messages)
    .set({
      status: event.status,
      statusChangedAt: at,
      ...(event.errorCode ? { errorCode: event.errorCode } : {}),
      ...(event.errorMessage ? { errorMessage: event.errorMessage } : {}),
    })
    .where(and(eq(messages.id, message.id), sql`${rankSql} < ${statusRankOf(event.status)}`))
    .returning({ status: messages.status });
  const changed = updated.length > 0;
  return { ...base, status: changed ? event.status : message.status, changed };
}
