import type { MessageListRow } from '@paylane/shared/contracts/inbox';
import type { PageQuery } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import {
  countMessagesOfKind,
  listMessagesOfKind,
  listMissedMessages,
  type MessageListDbRow,
} from './home-messages.repository';
import { type PageSlice } from '../../kit/paging';

export type HomeList = 'missed_messages' | 'customer_replies' | 'auto_messages';

function toRow(row: MessageListDbRow): MessageListRow {
  return {
    message_id: row.messageId,
    customer_id: row.customerId,
    account_id: row.accountId,
    first_name: row.firstName,
    last_name: row.lastName,
    external_id: row.externalId,
    body: row.body,
    status: row.status,
    error_message: row.errorMessage,
    template_name: row.templateName,
    created: row.createdAt.toISOString(),
  };
}

async function readList(ctx: AppContext, merchantId: string, list: HomeList, query: PageQuery) {
  const paging = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  if (list === 'missed_messages') return listMissedMessages(ctx.db, merchantId, paging);
  const kind = list === 'customer_replies' ? 'inbound' : 'automation';
  const [rows, total] = await Promise.all([
    listMessagesOfKind(ctx.db, merchantId, kind, paging),
    countMessagesOfKind(ctx.db, merchantId, kind),
  ]);
  return { rows, total };
}

/**
 * The home pages (issue 6): /missed-messages (the customer wrote last: not answered), /customer-replies
 * (recent inbound texts), /auto-messages (automation sends, skips with their reason). Newest first.
 */
export async function listHomeMessages(
  ctx: AppContext,
  merchantId: string,
  list: HomeList,
  query: PageQuery,
): Promise<PageSlice<MessageListRow>> {
  const { rows, total } = await readList(ctx, merchantId, list, query);
  return {
    count: total,
    results: rows.map(toRow),
  };
}
