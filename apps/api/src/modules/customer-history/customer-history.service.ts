import type { HistoryEvent } from '@paylane/shared/contracts/customer-history';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { decodeCursor, keysetPage } from '../../kit/cursor';
import { notFound } from '../../kit/errors';
import type { CursorSlice } from '../../kit/paging';
import { findCustomerRef } from '../customers/customers.service';
import {
  listCustomerEventRows,
  type CustomerEventRow,
  type HistoryPosition,
} from './customer-history.repository';

/** 'n' reads older than the position (the next page); 'p' newer (the previous page). */
const historyPosition = z.object({
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.number().int().positive(),
});

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

/** docs/product.md §3 customer history: one timeline of the customer's changes, newest first, by cursor. */
export async function listCustomerHistory(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  query: { cursor?: string | undefined; page_size: number },
): Promise<CursorSlice<HistoryEvent>> {
  if (!(await findCustomerRef(ctx, merchantId, customerId))) throw notFound();
  const size = query.page_size;
  const cursor = query.cursor ? decodeCursor(historyPosition, query.cursor) : null;
  const position = cursor ? { at: cursor.at, id: cursor.id } : undefined;
  const isBackwards = cursor?.d === 'p';
  // One row more than the page tells whether another page lies beyond it.
  const rows = await listCustomerEventRows(ctx.db, {
    merchantId,
    customerId,
    limit: size + 1,
    ...(isBackwards ? { before: position } : { after: position }),
  });
  const { next, previous, page } = keysetPage(rows, {
    direction: cursor?.d ?? null,
    pageSize: size,
    positionOf,
  });
  return {
    next,
    previous,
    results: page.map(toHistoryEvent),
  };
}
