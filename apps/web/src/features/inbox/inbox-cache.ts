// How live conversation changes reach the inbox lists already loaded.
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import type { InfiniteData } from '@tanstack/react-query';

export type InboxPage = { next: string | null; previous: string | null; results: InboxEntry[] };
export type InboxHistory = InfiniteData<InboxPage>;

/**
 * A conversation with a new message moves to the top of the unfiltered list (docs/product.md §2 inbox, issue 6 Live);
 * a filtered list (search, location) only updates the row it already shows, since it cannot tell whether the
 * conversation matches.
 */
export function applyConversation(list: InboxHistory | undefined, entry: InboxEntry, moveToTop: boolean) {
  if (!list) return list;
  if (!moveToTop) {
    return mapEntries(list, (shown) => (shown.customer_id === entry.customer_id ? entry : shown));
  }
  const pages = list.pages.map((page) => ({
    ...page,
    results: page.results.filter((shown) => shown.customer_id !== entry.customer_id),
  }));
  const [first, ...rest] = pages;
  if (!first) return list;
  return { ...list, pages: [{ ...first, results: [entry, ...first.results] }, ...rest] };
}

/** Opening a conversation reads it: its badge clears. */
export const clearUnread = (list: InboxHistory | undefined, customerId: string) =>
  list &&
  mapEntries(list, (shown) => (shown.customer_id === customerId ? { ...shown, unread_messages: 0 } : shown));

function mapEntries(list: InboxHistory, map: (entry: InboxEntry) => InboxEntry): InboxHistory {
  return { ...list, pages: list.pages.map((page) => ({ ...page, results: page.results.map(map) })) };
}
