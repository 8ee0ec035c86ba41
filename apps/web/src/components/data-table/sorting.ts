import type { SortingState } from '@tanstack/react-table';

// The API sorts by an `ordering` value ('last_name', '-last_name' descending); the table speaks TanStack's
// SortingState with the column id as the field. A sortable column's id is therefore the API's field name.

/** '-last_name' → [{ id: 'last_name', desc: true }]; '' → []. */
export function orderingToSorting(ordering: string | null | undefined): SortingState {
  if (!ordering) return [];
  const desc = ordering.startsWith('-');
  return [{ id: desc ? ordering.slice(1) : ordering, desc }];
}

/** [{ id: 'created', desc: true }] → '-created'; [] → null (the server's default order). */
export function sortingToOrdering(sorting: SortingState): string | null {
  const [first] = sorting;
  if (!first) return null;
  return `${first.desc ? '-' : ''}${first.id}`;
}
