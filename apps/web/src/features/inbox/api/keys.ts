import type { InboxQuery } from '@paylane/shared/contracts/inbox';

/** Every cached inbox list of a merchant starts with this key. */
export const inboxKey = (merchantId: string) => ['merchants', merchantId, 'inbox'] as const;

export type InboxFilters = Required<Pick<InboxQuery, 'field' | 'location'>> & { search: string };

export const inboxListKey = (merchantId: string, filters: InboxFilters) =>
  [...inboxKey(merchantId), 'list', filters] as const;

export const inboxPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/inbox/`;

/** docs/product.md §2: no search and All Locations — the list a new message moves to the top of. */
export const isUnfiltered = (filters: InboxFilters) => filters.search === '' && filters.location === 'all';
