import { and, eq, sql } from 'drizzle-orm';
import {
  isStatusForward,
  messageStatuses,
  statusRankOf,
  type MessageStatus,
} from '@paylane/shared/messaging';
import type { Db } from '../../db/client';
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
 * message id, status) and forward only (docs/conventions.md §5): a replayed or older status changes nothing.
 * Returns null when no message has that provider id (a callback for a message we do not know).
 */
export async function recordProviderStatus(
  db: Db,
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
    .where(
      and(eq(messages.provider, event.provider), eq(messages.providerMessageId, event.providerMessageId)),
    );
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

/** The forward-only rank of a status column or value, as SQL. */
const rankOf = (expression: ReturnType<typeof sql>) =>
  sql`(case ${expression} ${sql.raw(
    messageStatuses.map((status) => `when '${status}' then ${statusRankOf(status)}`).join(' '),
  )} else 0 end)`;

/**
 * recordProviderStatus for many events of one provider in one statement (the outbox walker moves thousands a
 * second). Same rules: idempotent per (provider, provider message id, status), forward only. At most one
 * event per provider message id a call. Answers only the events whose message exists.
 */
export async function recordProviderStatuses(
  db: Db,
  provider: string,
  events: readonly Omit<ProviderStatus, 'provider'>[],
  at: Date,
): Promise<(RecordedStatus & { providerMessageId: string })[]> {
  if (events.length === 0) return [];
  const column = <T>(pick: (event: Omit<ProviderStatus, 'provider'>) => T) => sql.param(events.map(pick));
  const when = at.toISOString();
  const result = await db.execute<{
    provider_message_id: string;
    message_id: string;
    merchant_id: string;
    customer_id: string;
    status: MessageStatus;
    changed: boolean;
  }>(sql`
    with ev as (
      select * from unnest(${column((e) => e.providerMessageId)}::text[], ${column((e) => e.status)}::text[],
        ${column((e) => e.errorCode ?? null)}::text[], ${column((e) => e.errorMessage ?? null)}::text[])
        as ev(provider_message_id, status, error_code, error_message)
    ), found as (
      select m.id, m.merchant_id, m.customer_id, m.status as current, ev.*
      from ev join messages m on m.provider = ${provider} and m.provider_message_id = ev.provider_message_id
    ), inserted as (
      insert into message_status_events (merchant_id, message_id, provider, provider_message_id, status, error_code,
        created_at)
      select merchant_id, id, ${provider}, provider_message_id, status, error_code, ${when}::timestamptz from found
      on conflict do nothing
      returning message_id
    ), updated as (
      update messages m set status = found.status, status_changed_at = ${when}::timestamptz,
        error_code = coalesce(found.error_code, m.error_code),
        error_message = coalesce(found.error_message, m.error_message)
      from found join inserted on inserted.message_id = found.id
      where m.id = found.id and ${rankOf(sql`m.status`)} < ${rankOf(sql`found.status`)}
      returning m.id
    )
    select found.provider_message_id, found.id as message_id, found.merchant_id, found.customer_id,
      case when updated.id is null then found.current else found.status end as status,
      updated.id is not null as changed
    from found left join updated on updated.id = found.id`);
  return result.rows.map((row) => ({
    providerMessageId: row.provider_message_id,
    messageId: row.message_id,
    merchantId: row.merchant_id,
    customerId: row.customer_id,
    status: row.status,
    changed: row.changed,
  }));
}
