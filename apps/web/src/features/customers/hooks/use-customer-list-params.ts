import {
  accountStatuses,
  customerOrderings,
  customerSearchFields,
  type CustomersQuery,
} from '@paylane/shared/contracts/customers';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  DATA_TABLE_PAGE_SIZES,
  DEFAULT_DATA_TABLE_PAGE_SIZE,
} from '../../../components/data-table/data-table';

/** The list's state as it lives in the address: search, filters, sort and page (reload and Back keep them). */
export const customerListParamKeys = [
  'search',
  'field',
  'location',
  'account_status',
  'tag',
  'opted_out',
  'ordering',
  'page',
  'page_size',
] as const;
type ParamKey = (typeof customerListParamKeys)[number];
export type CustomerListChanges = Partial<Record<ParamKey, string | number | null | undefined>>;

export const DEFAULT_CUSTOMER_ORDERING = 'last_name';
/** What 'Reset Filters' clears; the sort and the page size stay as the user set them. */
const filterKeys: ParamKey[] = ['search', 'field', 'location', 'account_status', 'tag', 'opted_out', 'page'];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

export type CustomerListQuery = CustomersQuery & { page: number; page_size: number; ordering: string };

function readQuery(params: URLSearchParams): CustomerListQuery {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const pageSize = Number(params.get('page_size'));
  return {
    search: params.get('search')?.trim() || undefined,
    field: oneOf(params.get('field'), customerSearchFields),
    location: params.get('location') || undefined,
    account_status: oneOf(params.get('account_status'), accountStatuses),
    tag: params.get('tag') || undefined,
    opted_out: oneOf(params.get('opted_out'), ['true', 'false'] as const),
    ordering: oneOf(params.get('ordering'), customerOrderings) ?? DEFAULT_CUSTOMER_ORDERING,
    page,
    page_size: (DATA_TABLE_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_DATA_TABLE_PAGE_SIZE,
  };
}

/**
 * Writes the address's query. Each change builds on the latest one asked for, even before its navigation
 * has rendered (the route loaders run first), so two quick filter choices both stay. An address that none
 * of our writes asked for (Back, a link) becomes the new base.
 */
function useLatestParamsWriter(
  params: URLSearchParams,
  setParams: (next: URLSearchParams, options: { replace: boolean }) => void,
): (edit: (next: URLSearchParams) => void, replace?: boolean) => void {
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(params.toString());
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
    if (pending.current.length === 0) latest.current = params;
  }, [params]);
  return (edit, replace = false) => {
    const next = new URLSearchParams(latest.current);
    edit(next);
    latest.current = next;
    pending.current.push(next.toString());
    setParams(next, { replace });
  };
}

/**
 * The customer list's query, read from and written to the address. A change of search or filter starts
 * again at page 1; each change is a history entry, so Back steps back through them — except one that says
 * `replace` (search as you type refining a search: Back skips the words on the way).
 */
export function useCustomerListParams() {
  const [params, setParams] = useSearchParams();
  const write = useLatestParamsWriter(params, setParams);
  const update = (changes: CustomerListChanges, options: { replace?: boolean } = {}) =>
    write((next) => {
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
    }, options.replace);
  const resetFilters = () => write((next) => filterKeys.forEach((key) => next.delete(key)));
  return { query: readQuery(params), update, resetFilters };
}
