import type { HistoryEvent } from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/http-errors';
import { findCustomerRef } from '../customers/customers.service';
import {
  listCustomerEventRows,
  type CustomerEventRow,
  type HistoryPosition,
} from './customer-history.repository';

export type HistoryPage = { next: string | null; previous: string | null; results: HistoryEvent[] };

/** 'n': older than the position (the next page); 'p': newer (the previous page). */
const cursorSchema = z.object({
  d: z.enum(['n', 'p']),
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.number().int().positive(),
});
type Cursor = z.infer<typeof cursorSchema>;

// Opaque to clients: base64url of the direction and the position, so its shape can change freely.
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw badRequest({ cursor: [messages.invalidCursor] });
  }
}

const positionOf = (row: CustomerEventRow): HistoryPosition => ({ at: row.position, id: row.id });

function toHistoryEvent(row: CustomerEventRow): HistoryEvent {
  return {
    id: String(row.id),
    kind: row.kind,
    account_id: row.accountId,
    actor: row.actorId
      ? { id: row.actorId, first_name: row.actorFirstName ?? '', last_name: row.actorLastName ?? '' }
      : null,
    details: row.details,
    created: row.createdAt.toISOString(),
  };
}

/** The page's address with another cursor, keeping the request's other query values (like page links). */
function linkTo(url: string, pageSize: number, cursor: Cursor): string {
  const parsed = new URL(url, 'http://placeholder');
  parsed.searchParams.set('cursor', encodeCursor(cursor));
  parsed.searchParams.set('page_size', String(pageSize));
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/** Spec §3 customer history: one timeline of the customer's changes, newest first, by cursor. */
export async function listCustomerHistory(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  query: { cursor?: string | undefined; page_size: number; url: string },
): Promise<HistoryPage> {
  if (!(await findCustomerRef(ctx, merchantId, customerId))) throw notFound();
  const size = query.page_size;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const position = cursor ? { at: cursor.at, id: cursor.id } : undefined;
  const isBackwards = cursor?.d === 'p';
  // One row more than the page tells whether another page lies beyond it.
  const rows = await listCustomerEventRows(ctx.db, {
    merchantId,
    customerId,
    limit: size + 1,
    ...(isBackwards ? { before: position } : { after: position }),
  });
  const hasMore = rows.length > size;
  const page = isBackwards ? rows.slice(hasMore ? 1 : 0) : rows.slice(0, size);
  const first = page[0];
  const last = page[page.length - 1];
  const link = (d: 'n' | 'p', row: CustomerEventRow | undefined) =>
    row ? linkTo(query.url, size, { d, ...positionOf(row) }) : null;
  const hasOlder = isBackwards ? true : hasMore;
  const hasNewer = isBackwards ? hasMore : cursor !== null;
  return {
    next: hasOlder ? link('n', last) : null,
    previous: hasNewer ? link('p', first) : null,
    results: page.map(toHistoryEvent),
  };
}
