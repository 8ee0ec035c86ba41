import {
  INBOX_COUNT_CAP,
  type InboxCounts,
  type InboxEntry,
  type inboxQuerySchema,
} from '@paylane/shared/contracts/inbox';
import { messages } from '@paylane/shared/messages';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../kit/errors';
import { decodeCursor, keysetPage } from '../../kit/cursor';
import type { CursorSlice } from '../../kit/paging';
import { seqPosition } from '../../kit/cursor';
import { planCustomerSearch } from '../customers/customer-search.service';
import {
  clearAwaitingReply,
  countInboxViews,
  findInboxRow,
  isMerchantLocation,
  listInboxRows,
  listInboxRowsOfMatches,
  probeInboxFilter,
  sortKeyOf,
  type InboxFilter,
  type InboxPageQuery,
  type InboxRow,
} from './inbox.repository';
import { isUuid } from '@paylane/shared/validation';

type InboxQuery = z.output<typeof inboxQuerySchema>;

/** docs/product.md §3 Inbox entry. */
export function toInboxEntry(row: InboxRow): InboxEntry {
  return {
    customer_id: row.customerId,
    first_name: row.firstName,
    last_name: row.lastName,
    external_id: row.externalId,
    last_message_body: row.lastMessageBody,
    last_message_created: row.lastMessageAt.toISOString(),
    unread_messages: row.unreadCount,
    last_message_from: authorOf(row),
    last_message_sender_user_id: row.lastMessageSenderUserId,
    awaiting_reply_since: row.awaitingReplyAt?.toISOString() ?? null,
    snoozed_until: row.snoozedUntil?.toISOString() ?? null,
  };
}

/** An outbound text a user wrote (a chat reply or their mass text) is staff's; one without a user, automatic. */
function authorOf(row: InboxRow): InboxEntry['last_message_from'] {
  if (row.lastDirection === 'inbound') return 'customer';
  return row.lastMessageSenderUserId === null ? 'auto' : 'staff';
}

/** The search as an index-friendly filter; null when it can match nobody (a phone search without digits). */
function filterOf(query: InboxQuery): InboxFilter | null {
  const plan = planCustomerSearch(query.search, query.field);
  if (plan === null) return {};
  if (plan.phone) return { phone: plan.phone };
  if (plan.externalId) return { externalId: plan.externalId };
  if (plan.name) return { name: plan.name };
  return null;
}

/**
 * Up to this many matches, a search reads just their conversations by key and sorts them (≈ 12 ms for 1,000
 * at 100,000 conversations); beyond it the search is broad ('+1469', 'DM-'), and walking the conversations
 * newest first keeping the matches finds a page sooner (about 26 × conversations / matches rows). Reading
 * 100,000 matches by key took ~300 ms. 1,000 is near where the two costs cross at 100,000 conversations.
 */
const FEW_MATCHES = 1000;

/**
 * A page of the search's conversations. Read optimistically by key among the first FEW_MATCHES + 1 matches,
 * one statement that also says how many matched; only past FEW_MATCHES (a broad search) is the page read
 * again by walking. An empty page carries no count, so only then is the count probed on its own.
 */
async function searchedRows(ctx: AppContext, query: InboxPageQuery) {
  if (Object.keys(query.filter).length === 0) return listInboxRows(ctx.db, query);
  const matchesUpTo = FEW_MATCHES + 1;
  const rows = await listInboxRowsOfMatches(ctx.db, { ...query, matchesUpTo });
  const matched =
    rows[0]?.matchCount ??
    (await probeInboxFilter(ctx.db, query.merchantId, query.filter, matchesUpTo)).length;
  return matched > FEW_MATCHES ? listInboxRows(ctx.db, query) : rows;
}

async function locationIdOf(ctx: AppContext, merchantId: string, location: string): Promise<string | null> {
  if (location === 'all') return null;
  if (!isUuid(location) || !(await isMerchantLocation(ctx.db, merchantId, location)))
    throw fieldError('location', messages.notFound);
  return location;
}

/**
 * docs/product.md §2 Inbox: conversations by cursor, searched by one field, filtered by location, in one of the
 * views (issue 20; All is the spec's newest-first list).
 */
export async function listInbox(
  ctx: AppContext,
  caller: { merchantId: string; userId: string | null },
  query: InboxQuery,
): Promise<CursorSlice<InboxEntry>> {
  const { merchantId, userId } = caller;
  const locationId = await locationIdOf(ctx, merchantId, query.location);
  const cursor = query.cursor ? decodeCursor(seqPosition, query.cursor) : null;
  const filter = filterOf(query);
  if (filter === null) return { next: null, previous: null, results: [] };
  const rows = await searchedRows(ctx, {
    merchantId,
    locationId,
    view: query.view,
    userId,
    filter,
    limit: query.page_size + 1,
    ...(cursor?.d === 'n' ? { after: cursor.s } : {}),
    ...(cursor?.d === 'p' ? { before: cursor.s } : {}),
  });
  const { next, previous, page } = keysetPage(rows, {
    direction: cursor?.d ?? null,
    pageSize: query.page_size,
    positionOf: (row) => ({ s: sortKeyOf(query.view, row) }),
  });
  return { next, previous, results: page.map(toInboxEntry) };
}

/** One conversation's inbox entry (also what the live layer pushes), or null. */
export async function findInboxEntry(
  db: Db,
  merchantId: string,
  customerId: string,
): Promise<InboxEntry | null> {
  if (!isUuid(customerId)) return null;
  const row = await findInboxRow(db, merchantId, customerId);
  return row ? toInboxEntry(row) : null;
}

export async function getInboxEntry(ctx: AppContext, merchantId: string, customerId: string) {
  const entry = await findInboxEntry(ctx.db, merchantId, customerId);
  if (!entry) throw notFound();
  return entry;
}

/** GET …/inbox/counts/: what waits for a reply and what is unread, for the navigation's badge. */
export async function countInbox(ctx: AppContext, merchantId: string): Promise<InboxCounts> {
  return countInboxViews(ctx.db, merchantId, INBOX_COUNT_CAP + 1);
}

/** POST …/inbox/{customer_id}/resolve/: nothing to answer (a "thanks"); the customer's next text waits again. */
export async function resolveConversation(ctx: AppContext, merchantId: string, customerId: string) {
  if (!isUuid(customerId) || !(await clearAwaitingReply(ctx.db, merchantId, customerId))) throw notFound();
  return getInboxEntry(ctx, merchantId, customerId);
}

/** Opening a customer reads their conversation: its unread count clears (the customer page calls it). */
export { clearUnreadCount } from './inbox.repository';
