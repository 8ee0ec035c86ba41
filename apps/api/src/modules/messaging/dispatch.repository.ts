import { sql } from 'drizzle-orm';
import type { MessageStatus } from '@paylane/shared/messaging';
import type { Db } from '../../db/client';
import type { MessageAttachment } from '../../db/schema';

/** A message a dispatcher has claimed (status 'sending'), with what deciding its fate needs. */
export type ClaimedMessage = {
  id: string;
  merchant_id: string;
  customer_id: string;
  batch_id: string | null;
  kind: string;
  channel: 'sms' | 'email';
  body: string;
  subject: string | null;
  attachments: MessageAttachment[];
  to_address: string;
  from_address: string | null;
  created_at: Date;
  sms_opted_out_at: string | null;
  email_opted_out_at: string | null;
  /** The recipient's zone: their location's, else the merchant's. */
  time_zone: string;
  quiet_hours_start: string;
  quiet_hours_end: string;
  /** The merchant's sender columns (merchant-sender.ts decides which one a text leaves from). */
  sms_from_number: string | null;
  sms_messaging_service_sid: string | null;
  outbox_sms_number: string;
  batch_canceled_at: string | null;
};

// Raw statements answer timestamps as text (drizzle's pg type parsers).
type RawClaimed = Omit<ClaimedMessage, 'created_at'> & { created_at: string };
const parsed = (rows: RawClaimed[]): ClaimedMessage[] =>
  rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));

// Claimed rows joined to what the decision reads, in the claiming statement itself (one round trip a chunk).
const withContext = (claimed: ReturnType<typeof sql>) => sql`
  with claimed as (${claimed})
  select claimed.id, claimed.merchant_id, claimed.customer_id, claimed.batch_id, claimed.kind, claimed.channel,
    claimed.body, claimed.subject, claimed.attachments, claimed.to_address, claimed.from_address,
    claimed.created_at, c.sms_opted_out_at, c.email_opted_out_at,
    coalesce(l.time_zone, mer.time_zone) as time_zone, mer.quiet_hours_start, mer.quiet_hours_end,
    mer.sms_from_number, mer.sms_messaging_service_sid, mer.outbox_sms_number, b.canceled_at as batch_canceled_at
  from claimed
  join customers c on c.id = claimed.customer_id
  join merchants mer on mer.id = claimed.merchant_id
  left join locations l on l.id = c.location_id
  left join message_batches b on b.id = claimed.batch_id`;

/**
 * Claims up to `limit` due pending messages, oldest first, skipping rows another dispatcher holds. Due means
 * send_after has passed by the database clock or by the app's clock (tests move the latter past quiet hours).
 */
export async function claimDueMessages(db: Db, input: { now: Date; limit: number }) {
  const result = await db.execute<RawClaimed>(
    withContext(sql`
      update messages m set status = 'sending', claimed_at = now()
      from (
        select id from messages
        where status = 'pending' and send_after <= greatest(now(), ${input.now.toISOString()}::timestamptz)
        order by send_after limit ${input.limit}
        for update skip locked
      ) due
      where m.id = due.id
      returning m.*`),
  );
  return parsed(result.rows);
}

/**
 * Re-claims messages a dead dispatcher left 'sending' for longer than the lease: whether they reached the
 * provider is unknown, so the caller asks the provider before sending again.
 */
export async function claimStaleMessages(db: Db, input: { leaseSeconds: number; limit: number }) {
  const result = await db.execute<RawClaimed>(
    withContext(sql`
      update messages m set claimed_at = now()
      from (
        select id from messages
        where status = 'sending' and claimed_at < now() - make_interval(secs => ${input.leaseSeconds})
        order by claimed_at limit ${input.limit}
        for update skip locked
      ) stale
      where m.id = stale.id
      returning m.*`),
  );
  return parsed(result.rows);
}

/** What became of one claimed message. */
export type DispatchOutcome =
  | {
      id: string;
      kind: 'handed_over';
      provider: string;
      providerMessageId: string;
      status: MessageStatus;
      /** Null when a Messaging Service picked the number. */
      fromAddress: string | null;
    }
  | { id: string; kind: 'failed'; errorCode: string | null; errorMessage: string }
  | { id: string; kind: 'canceled' }
  | { id: string; kind: 'deferred'; sendAfter: Date };

const statusOfOutcome = (outcome: DispatchOutcome): MessageStatus =>
  outcome.kind === 'handed_over' ? outcome.status : outcome.kind === 'deferred' ? 'pending' : outcome.kind;

/**
 * Records a chunk's outcomes in one statement. Only rows still 'sending' change: a message another dispatcher
 * already recorded (after taking over a stale claim) is left as it is.
 */
export async function recordDispatchOutcomes(
  db: Db,
  outcomes: readonly DispatchOutcome[],
  at: Date,
): Promise<number> {
  if (outcomes.length === 0) return 0;
  const column = <T>(pick: (outcome: DispatchOutcome) => T | null) => sql.param(outcomes.map((o) => pick(o)));
  const handedOver = (o: DispatchOutcome) => (o.kind === 'handed_over' ? o : null);
  const result = await db.execute(sql`
    update messages m set
      status = v.status,
      status_changed_at = ${at.toISOString()}::timestamptz,
      provider = coalesce(v.provider, m.provider),
      provider_message_id = coalesce(v.provider_message_id, m.provider_message_id),
      from_address = coalesce(v.from_address, m.from_address),
      sent_at = case when v.provider_message_id is null then m.sent_at else ${at.toISOString()}::timestamptz end,
      error_code = case when v.status = 'failed' then v.error_code else m.error_code end,
      error_message = case when v.status = 'failed' then v.error_message else m.error_message end,
      send_after = coalesce(v.send_after, m.send_after),
      claimed_at = case when v.status = 'pending' then null else m.claimed_at end
    from unnest(
      ${column((o) => o.id)}::uuid[],
      ${column(statusOfOutcome)}::text[],
      ${column((o) => handedOver(o)?.provider)}::text[],
      ${column((o) => handedOver(o)?.providerMessageId)}::text[],
      ${column((o) => handedOver(o)?.fromAddress)}::text[],
      ${column((o) => (o.kind === 'failed' ? o.errorCode : null))}::text[],
      ${column((o) => (o.kind === 'failed' ? o.errorMessage : null))}::text[],
      ${column((o) => (o.kind === 'deferred' ? o.sendAfter.toISOString() : null))}::timestamptz[]
    ) as v(id, status, provider, provider_message_id, from_address, error_code, error_message, send_after)
    where m.id = v.id and m.status = 'sending'`);
  return result.rowCount ?? 0;
}
