// How live conversation changes reach the inbox lists already loaded.
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import type { InfiniteData } from '@tanstack/react-query';
import { isUnfiltered, type InboxFilters } from './api/keys';

export type InboxPage = { next: string | null; previous: string | null; results: InboxEntry[] };
export type InboxHistory = InfiniteData<InboxPage>;

/**
 * A changed conversation in a loaded list, placed as the list's view would place it (issue 20):
 * - a row already shown stays where it is unless a new message arrived (opening a conversation, which clears
 *   its badge, or a delivery status never moves it);
 * - in All and Unread, a new message moves it to the top (docs/product.md §2 inbox, issue 6 Live); Unread takes
 *   in a conversation only with unread texts;
 * - Needs reply keeps the oldest wait first: an answered or resolved conversation leaves, a newly waiting one
 *   joins at the end once the whole list is loaded (before that, scrolling reaches it);
 * - Mine takes in a conversation when the caller answered it (the server knows; a shown row is updated);
 * - a snoozed conversation leaves every view but All and joins Snoozed (newest first); woken, it leaves Snoozed
 *   and comes back where its view places it;
 * - a searched or location-filtered list only updates the rows it shows: it cannot tell whether another
 *   conversation matches.
 */
export function applyConversation(
  list: InboxHistory | undefined,
  entry: InboxEntry,
  filters: InboxFilters,
): InboxHistory | undefined {
  if (!list) return list;
  const isSnoozed = entry.snoozed_until !== null;
  // Snoozed lists only snoozed conversations; every other view but All only the awake ones.
  const belongs = filters.view === 'snoozed' ? isSnoozed : filters.view === 'all' || !isSnoozed;
  if (!belongs) return removeEntry(list, entry.customer_id);
  const shown = findEntry(list, entry.customer_id);
  const canPlace = isUnfiltered(filters);
  if (filters.view === 'needs_reply') return applyToWaiting(list, entry, shown, canPlace);
  const hasNewMessage = shown === undefined || shown.last_message_created !== entry.last_message_created;
  const joinsView =
    filters.view === 'all' ||
    filters.view === 'snoozed' ||
    (filters.view === 'unread' && entry.unread_messages > 0);
  if (hasNewMessage && joinsView && canPlace)
    return insertInOrder(removeEntry(list, entry.customer_id), entry, isNewer);
  return replaceEntry(list, entry);
}

function applyToWaiting(
  list: InboxHistory,
  entry: InboxEntry,
  shown: InboxEntry | undefined,
  canPlace: boolean,
): InboxHistory {
  if (entry.awaiting_reply_since === null) return removeEntry(list, entry.customer_id);
  if (shown) return replaceEntry(list, entry);
  return canPlace ? insertInOrder(list, entry, hasWaitedLonger) : list;
}

/**
 * Orders of the views (ISO times in UTC compare as text): newest message first (a message just arrived goes
 * above one of the same second); Needs reply oldest wait first.
 */
const isNewer = (a: InboxEntry, b: InboxEntry) => a.last_message_created >= b.last_message_created;
const hasWaitedLonger = (a: InboxEntry, b: InboxEntry) =>
  (a.awaiting_reply_since ?? '') < (b.awaiting_reply_since ?? '');

/**
 * The entry before the first loaded row it comes before; after the last only when the whole list is loaded
 * (otherwise a later page holds its place, and scrolling reaches it).
 */
function insertInOrder(
  list: InboxHistory,
  entry: InboxEntry,
  comesBefore: (a: InboxEntry, b: InboxEntry) => boolean,
): InboxHistory {
  for (const [pageIndex, page] of list.pages.entries()) {
    const at = page.results.findIndex((shown) => comesBefore(entry, shown));
    if (at === -1) continue;
    const results = [...page.results.slice(0, at), entry, ...page.results.slice(at)];
    return {
      ...list,
      pages: list.pages.map((each, index) => (index === pageIndex ? { ...each, results } : each)),
    };
  }
  const last = list.pages.at(-1);
  if (!last || last.next !== null) return list;
  return {
    ...list,
    pages: [...list.pages.slice(0, -1), { ...last, results: [...last.results, entry] }],
  };
}

function findEntry(list: InboxHistory, customerId: string): InboxEntry | undefined {
  for (const page of list.pages) {
    const found = page.results.find((shown) => shown.customer_id === customerId);
    if (found) return found;
  }
  return undefined;
}

function removeEntry(list: InboxHistory, customerId: string): InboxHistory {
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      results: page.results.filter((shown) => shown.customer_id !== customerId),
    })),
  };
}

const replaceEntry = (list: InboxHistory, entry: InboxEntry) =>
  mapEntries(list, (shown) => (shown.customer_id === entry.customer_id ? entry : shown));

/** Opening a conversation reads it: its badge clears. */
export const clearUnread = (list: InboxHistory | undefined, customerId: string) =>
  list &&
  mapEntries(list, (shown) => (shown.customer_id === customerId ? { ...shown, unread_messages: 0 } : shown));

function mapEntries(list: InboxHistory, map: (entry: InboxEntry) => InboxEntry): InboxHistory {
  return { ...list, pages: list.pages.map((page) => ({ ...page, results: page.results.map(map) })) };
}
