import type { TimelineItem, TimelineKind, TimelineQuery } from '@paylane/shared/contracts/customer-timeline';
import { messages } from '@paylane/shared/messages';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { decodeCursor, keysetPage } from '../../kit/cursor';
import { invalid, notFound } from '../../kit/errors';
import type { CursorSlice } from '../../kit/paging';
import { findCustomerRef } from '../customers/customers.service';
import {
  listTimelineRows,
  timelineSources,
  type TimelinePosition,
  type TimelineRow,
} from './customer-timeline.repository';

const uuidKey = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const eventKey = /^\d{20}$/;

/** The cursor's position: time to the microsecond, the source's rank and the row's key in its source. */
const timelinePosition = z.object({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  s: z.number().int().min(1).max(4),
  k: z.string().max(36),
});

function decodePosition(text: string) {
  const cursor = decodeCursor(timelinePosition, text);
  // Events are keyed by their padded number, every other source by its uuid: anything else was not ours.
  const keyShape = cursor.s === timelineSources.event ? eventKey : uuidKey;
  if (!keyShape.test(cursor.k)) throw invalid({ cursor: [messages.invalidCursor] });
  return cursor;
}

const positionOf = (row: TimelineRow): TimelinePosition => ({ at: row.position, s: row.src, k: row.key });

type Data = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (value: unknown) => Number(value ?? 0);

function toTimelineItem(row: TimelineRow): TimelineItem {
  const data: Data = row.data;
  const actor = row.actor_id
    ? { id: row.actor_id, first_name: row.actor_first_name ?? '', last_name: row.actor_last_name ?? '' }
    : null;
  const base = {
    kind: data.kind as TimelineKind,
    at: row.created,
    actor,
    account_id: row.account_id,
  };
  const id = text(data.id);
  switch (row.src) {
    case timelineSources.message:
      return { ...base, id: `message:${id}`, type: 'message', message: messageOf(data) };
    case timelineSources.payment:
      return { ...base, id: `payment:${id}`, type: 'payment', payment: paymentOf(data) };
    case timelineSources.note:
      return {
        ...base,
        id: `note:${id}`,
        type: 'note',
        note: {
          id,
          body: text(data.body),
          account_id: row.account_id,
          author: actor,
          created: row.created,
          updated: text(data.updated),
        },
      };
    default:
      return {
        ...base,
        id: `event:${id}`,
        type: 'event',
        event: {
          id,
          kind: text(data.event_kind),
          account_id: row.account_id,
          actor,
          details: (data.details ?? {}) as Record<string, unknown>,
          created: row.created,
        },
      };
  }
}

const messageOf = (data: Data) =>
  ({
    id: text(data.id),
    direction: data.direction,
    channel: data.channel,
    body: text(data.body),
    status: data.status,
    error_code: (data.error_code as string | null) ?? null,
    attachment_count: cents(data.attachment_count),
  }) as Extract<TimelineItem, { type: 'message' }>['message'];

const paymentOf = (data: Data) =>
  ({
    id: text(data.id),
    status: data.status,
    is_misc: data.is_misc === true,
    channel: text(data.channel),
    method_kind: data.method_kind,
    method_label: text(data.method_label),
    amount_cents: cents(data.amount_cents),
    fee_cents: cents(data.fee_cents),
    refunded_cents: cents(data.refunded_cents),
    failure_message: (data.failure_message as string | null) ?? null,
    note: text(data.note),
  }) as Extract<TimelineItem, { type: 'payment' }>['payment'];

/**
 * The customer's timeline (issue 20): messages, payments, notes and history, newest first, by cursor. The rows
 * are read by merchant and customer, so a row proves the customer is the merchant's; only an empty page asks
 * whether the customer exists (as the chat does).
 */
export async function listCustomerTimeline(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  query: TimelineQuery,
): Promise<CursorSlice<TimelineItem>> {
  const cursor = query.cursor ? decodePosition(query.cursor) : null;
  const position = cursor ? { at: cursor.at, s: cursor.s, k: cursor.k } : undefined;
  const rows = await listTimelineRows(ctx.db, {
    merchantId,
    customerId,
    kind: query.kind,
    limit: query.page_size + 1,
    ...(cursor?.d === 'p' ? { before: position } : { after: position }),
  });
  if (rows.length === 0 && !(await findCustomerRef(ctx, merchantId, customerId))) throw notFound();
  const { next, previous, page } = keysetPage(rows, {
    direction: cursor?.d ?? null,
    pageSize: query.page_size,
    positionOf,
  });
  return { next, previous, results: page.map(toTimelineItem) };
}
