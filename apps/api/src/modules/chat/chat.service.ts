import type { ChatMessage } from '@paylane/shared/contracts/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../kit/errors';
import { findCustomerRef } from '../customers/customers.service';
import { decodeCursor, keysetPage } from '../../kit/cursor';
import type { CursorSlice } from '../../kit/paging';
import { seqPosition } from '../../kit/cursor';
import {
  findChatMessageRows,
  listChatMessageRows,
  listChatMessageRowsAfter,
  type ChatMessageRow,
} from './chat-messages.repository';

export type ChatMessagePage = { next: string | null; previous: string | null; results: ChatMessage[] };

/** docs/product.md §3 Chat message: the API shape of a stored message. */
export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    customer_id: row.customerId,
    account_id: row.accountId,
    direction: row.direction,
    channel: row.channel,
    // Only staff who wrote a message are senders; automations, keyword answers and inbound have none.
    sender:
      row.senderRoles === null
        ? null
        : {
            first_name: row.senderFirstName ?? '',
            last_name: row.senderLastName ?? '',
            roles: row.senderRoles,
          },
    body: row.body,
    language: row.language,
    translations: row.translations,
    created: row.createdAt.toISOString(),
    attachments: row.attachments,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    secondary_message: row.secondaryMessage,
    status: row.status,
  };
}

/** docs/product.md §7 chat page: the customer's messages newest first by cursor; `next` is the older page. */
export async function listChatMessages(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  query: { cursor?: string | undefined; page_size: number; search?: string | undefined },
): Promise<CursorSlice<ChatMessage>> {
  const cursor = query.cursor ? decodeCursor(seqPosition, query.cursor) : null;
  const rows = await listChatMessageRows(ctx.db, {
    merchantId,
    customerId,
    limit: query.page_size + 1,
    search: query.search || undefined,
    ...(cursor?.d === 'n' ? { olderThan: cursor.s } : {}),
    ...(cursor?.d === 'p' ? { newerThan: cursor.s } : {}),
  });
  // The messages are read by merchant and customer, so a row proves the customer is the merchant's: only an
  // empty page asks whether the customer exists (one statement fewer on every chat page, issue 19).
  if (rows.length === 0 && !(await findCustomerRef(ctx, merchantId, customerId))) throw notFound();
  const { next, previous, page } = keysetPage(rows, {
    direction: cursor?.d ?? null,
    pageSize: query.page_size,
    positionOf: (row) => ({ s: row.seq }),
  });
  return { next, previous, results: page.map(toChatMessage) };
}

/** The merchant's messages by id in the chat shape, oldest first (for the live layer's pushes). */
export async function findChatMessages(
  db: Db,
  merchantId: string,
  ids: readonly string[],
): Promise<ChatMessage[]> {
  return (await findChatMessageRows(db, merchantId, ids)).map(toChatMessage);
}

/** A customer's messages after a seq, oldest first (a reconnected websocket client catching up). */
export async function listChatMessagesAfter(
  db: Db,
  query: { merchantId: string; customerId: string; afterSeq: number; limit: number },
): Promise<ChatMessage[]> {
  return (await listChatMessageRowsAfter(db, query)).map(toChatMessage);
}
