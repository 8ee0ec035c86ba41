import type { InboxQuery, InboxView } from '@paylane/shared/contracts/inbox';

/** Every cached inbox list of a merchant starts with this key. */
export const inboxKey = (merchantId: string) => ['merchants', merchantId, 'inbox'] as const;

export type InboxFilters = Required<Pick<InboxQuery, 'field' | 'location'>> & {
  search: string;
  view: InboxView;
};

export const inboxListKey = (merchantId: string, filters: InboxFilters) =>
  [...inboxKey(merchantId), 'list', filters] as const;

export const inboxPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/inbox/`;

/**
 * docs/product.md §2: no search and All Locations — a list whose rows the client can place itself when a
 * conversation changes (with a search or a location it cannot tell whether the conversation matches).
 */
export const isUnfiltered = (filters: InboxFilters) => filters.search === '' && filters.location === 'all';

export const inboxCountsKey = (merchantId: string) => [...inboxKey(merchantId), 'counts'] as const;
