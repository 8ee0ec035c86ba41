import type { Page, PageQuery } from '@paylane/shared/contracts/paging';

/** One page of a page-number list as a service returns it: what the page holds and how many there are. */
export type PageSlice<T> = { count: number; results: T[] };

/** The rows a page covers, for a repository's LIMIT/OFFSET. */
export function rowsOfPage(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

type ListRequest = { url: string; query: PageQuery };

/**
 * At the route: the list answer (docs/conventions.md §4) with its next and previous links, made from the
 * request's own URL so its other query values (search, filters) carry over.
 */
export function pageAnswer<T>(request: ListRequest, slice: PageSlice<T>): Page<T> {
  const { page, page_size: pageSize } = request.query;
  const link = (target: number) => withQuery(request.url, { page: target, page_size: pageSize });
  return {
    count: slice.count,
    next: page * pageSize < slice.count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: slice.results,
  };
}

/** A cursor list's page as a service returns it: the rows and the cursors either side, when there are more. */
export type CursorSlice<T> = { next: string | null; previous: string | null; results: T[] };

/** At the route: a cursor list's answer, its cursors turned into links that keep the other query values. */
export function cursorPageAnswer<T>(
  request: { url: string; query: { page_size: number } },
  slice: CursorSlice<T>,
): CursorSlice<T> {
  const link = (cursor: string | null) =>
    cursor === null ? null : withQuery(request.url, { cursor, page_size: request.query.page_size });
  return { next: link(slice.next), previous: link(slice.previous), results: slice.results };
}

function withQuery(url: string, values: Record<string, string | number>): string {
  const parsed = new URL(url, 'http://placeholder');
  for (const [name, value] of Object.entries(values)) parsed.searchParams.set(name, String(value));
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}
