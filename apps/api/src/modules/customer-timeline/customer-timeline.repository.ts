import type { TimelineKind } from '@paylane/shared/contracts/customer-timeline';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The customer's timeline (issue 20) is a read across four owners' tables — messages (messaging), payments,
// customer_notes and customer_events — in ONE statement: each source reads its newest rows past the cursor by
// its own (customer, time) index, at most a page each, and the union keeps the page. Merging pages in
// JavaScript would read every source's page and hold the rest; a read model of its own would be a fifth copy.
// So this module couples to those tables' columns on purpose, and to nothing else of their modules.

/** The sources in their tie order: at the same instant a message is newer than a payment, then a note… */
export const timelineSources = { event: 1, note: 2, payment: 3, message: 4 } as const;
export type TimelineSource = keyof typeof timelineSources;

/**
 * A position in the timeline: the time to the microsecond (as text, since a Date would cut it), the source's
 * rank, and the row's key within its source (a uuid's text, or an event id padded to 20 digits), so the order
 * (time, source, key) is total and each source's rows come in its index's order.
 */
export type TimelinePosition = { at: string; s: number; k: string };

type Bounds = { after?: TimelinePosition | undefined; before?: TimelinePosition | undefined };

export type TimelineRow = {
  src: number;
  position: string;
  key: string;
  created: string;
  account_id: string | null;
  data: Record<string, unknown>;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
};

/** What each history event is filed under; 'note.added' is left out (the note itself is on the timeline). */
const eventKind = (kind: SQL) => sql`case
  when ${kind} like 'payment.%' or ${kind} like 'promise.%' or ${kind} like 'receipt.%'
    or ${kind} like 'autopay.%' then 'payments'
  when ${kind} like 'note.%' then 'notes'
  else 'history' end`;

/**
 * The keyset condition of one source past a position, for (time, key) in that source's own order: a source
 * ranked after the position's takes its own instant too, one ranked before it does not, and the position's
 * own source compares its key. `older`: past the position going back in time (the next page).
 */
function pastPosition(
  source: TimelineSource,
  columns: { at: SQL; key: SQL; keyType: 'uuid' | 'bigint' },
  position: TimelinePosition,
  older: boolean,
): SQL {
  const rank = timelineSources[source];
  const at = sql`${position.at}::timestamptz`;
  const key = columns.keyType === 'uuid' ? sql`${position.k}::uuid` : sql`${position.k}::bigint`;
  if (rank === position.s) {
    return older
      ? sql`(${columns.at}, ${columns.key}) < (${at}, ${key})`
      : sql`(${columns.at}, ${columns.key}) > (${at}, ${key})`;
  }
  const takesSameInstant = older ? rank < position.s : rank > position.s;
  if (older) return takesSameInstant ? sql`${columns.at} <= ${at}` : sql`${columns.at} < ${at}`;
  return takesSameInstant ? sql`${columns.at} >= ${at}` : sql`${columns.at} > ${at}`;
}

type SourceRead = {
  source: TimelineSource;
  table: SQL;
  at: SQL;
  id: SQL;
  keyType: 'uuid' | 'bigint';
  keyText: SQL;
  actor: SQL;
  account: SQL;
  data: SQL;
  where: SQL[];
};

const sourceReads = (merchantId: string, customerId: string, kind: TimelineKind | undefined) => {
  const reads: SourceRead[] = [];
  const wants = (k: TimelineKind) => kind === undefined || kind === k;
  if (wants('messages')) {
    reads.push({
      source: 'message',
      table: sql`messages m`,
      at: sql`m.created_at`,
      id: sql`m.id`,
      keyType: 'uuid',
      keyText: sql`m.id::text`,
      actor: sql`m.sender_user_id`,
      account: sql`m.account_id`,
      data: sql`jsonb_build_object('kind', 'messages', 'id', m.id, 'direction', m.direction,
        'channel', m.channel, 'body', m.body, 'status', m.status, 'error_code', m.error_code,
        'attachment_count', jsonb_array_length(m.attachments))`,
      where: [sql`m.merchant_id = ${merchantId}`, sql`m.customer_id = ${customerId}`],
    });
  }
  if (wants('payments')) {
    reads.push({
      source: 'payment',
      table: sql`payments p`,
      at: sql`p.created_at`,
      id: sql`p.id`,
      keyType: 'uuid',
      keyText: sql`p.id::text`,
      actor: sql`p.created_by_user_id`,
      account: sql`p.account_id`,
      data: sql`jsonb_build_object('kind', 'payments', 'id', p.id, 'status', upper(p.status),
        'is_misc', p.kind = 'misc', 'channel', p.channel, 'method_kind', p.method_kind,
        'method_label', p.method_label, 'amount_cents', p.amount_cents, 'fee_cents', p.fee_cents,
        'refunded_cents', p.refunded_cents, 'failure_message', p.failure_message, 'note', p.note)`,
      // Refund rows are the history's 'payment.refunded' events (one per source), so they are not shown twice.
      where: [
        sql`p.merchant_id = ${merchantId}`,
        sql`p.customer_id = ${customerId}`,
        sql`p.kind <> 'refund'`,
      ],
    });
  }
  if (wants('notes')) {
    reads.push({
      source: 'note',
      table: sql`customer_notes n`,
      at: sql`n.created_at`,
      id: sql`n.id`,
      keyType: 'uuid',
      keyText: sql`n.id::text`,
      actor: sql`n.author_user_id`,
      account: sql`n.account_id`,
      data: sql`jsonb_build_object('kind', 'notes', 'id', n.id, 'body', n.body,
        'updated', to_char(n.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
      where: [sql`n.merchant_id = ${merchantId}`, sql`n.customer_id = ${customerId}`],
    });
  }
  const category = eventKind(sql`e.kind`);
  reads.push({
    source: 'event',
    table: sql`customer_events e`,
    at: sql`e.created_at`,
    id: sql`e.id`,
    keyType: 'bigint',
    keyText: sql`lpad(e.id::text, 20, '0')`,
    actor: sql`e.actor_user_id`,
    account: sql`e.account_id`,
    data: sql`jsonb_build_object('kind', ${category}, 'id', e.id::text, 'event_kind', e.kind,
      'details', e.details)`,
    where: [
      sql`e.merchant_id = ${merchantId}`,
      sql`e.customer_id = ${customerId}`,
      sql`e.kind <> 'note.added'`,
      ...(kind === undefined ? [] : [sql`${category} = ${kind}`]),
    ],
  });
  return reads;
};

/**
 * One page of the customer's timeline, newest first, and one row more when there is more. `after` reads older
 * than a position (the next page); `before` newer ones (the previous page, still answered newest first).
 */
export async function listTimelineRows(
  db: Db,
  query: { merchantId: string; customerId: string; kind?: TimelineKind | undefined; limit: number } & Bounds,
): Promise<TimelineRow[]> {
  const older = query.before === undefined;
  const position = query.after ?? query.before;
  const direction = older ? sql`desc` : sql`asc`;
  const branches = sourceReads(query.merchantId, query.customerId, query.kind).map((read) => {
    const where = position
      ? [...read.where, pastPosition(read.source, { ...read, key: read.id }, position, older)]
      : read.where;
    return sql`(select ${timelineSources[read.source]}::int as src, ${read.at} as at,
        ${read.keyText} collate "C" as key, ${read.actor} as actor_user_id, ${read.account} as account_id,
        ${read.data} as data
      from ${read.table}
      where ${sql.join(where, sql` and `)}
      order by ${read.at} ${direction}, ${read.id} ${direction}
      limit ${query.limit})`;
  });
  const result = await db.execute<TimelineRow>(sql`
    select t.src, t.key, t.account_id, t.data,
      to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position,
      to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      u.id as actor_id, u.first_name as actor_first_name, u.last_name as actor_last_name
    from (
      select * from (${sql.join(branches, sql` union all `)}) sources
      order by at ${direction}, src ${direction}, key ${direction}
      limit ${query.limit}
    ) t
    left join users u on u.id = t.actor_user_id
    order by t.at ${direction}, t.src ${direction}, t.key ${direction}`);
  return older ? result.rows : result.rows.reverse();
}
