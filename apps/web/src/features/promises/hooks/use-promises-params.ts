import { promiseOutcomeSchema } from '@paylane/shared/contracts/promises';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  isDateRangePreset,
  presetDays,
  rangeFromDays,
  type DateRange,
} from '../../../components/date-range-picker/date-range-presets';
import type { PromiseFilters } from '../api/list-promises';

// The /promises page keeps its filters and page in the address (?confirmation&outcome&range&start&end&like&page
// &page_size), so a reload or a shared link shows the same list.

export type PromisesParams = Omit<PromiseFilters, 'start' | 'end'> & {
  range: DateRange;
  page: number;
  pageSize: number;
};

/** The /promises page pages by 25 (issue 17 item 4), or 50 and 100. */
export const PROMISE_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PROMISE_PAGE_SIZE = 25;

const positiveInt = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/**
 * A first visit shows every promised day (Custom with both ends open): promises lie ahead as often as behind,
 * and the pickers' presets count backwards from today.
 */
export function readPromisesParams(search: URLSearchParams, today: string): PromisesParams {
  const preset = search.get('range') ?? 'custom';
  const hasDays = search.has('start') || search.has('end');
  const range =
    !hasDays && isDateRangePreset(preset)
      ? { preset, ...presetDays(preset, today) }
      : rangeFromDays(preset, { start: search.get('start') ?? '', end: search.get('end') ?? '' }, today);
  const confirmation = search.get('confirmation');
  const outcome = promiseOutcomeSchema.safeParse(search.get('outcome'));
  const pageSize = positiveInt(search.get('page_size'));
  return {
    range,
    confirmation: confirmation === 'confirmed' || confirmation === 'unconfirmed' ? confirmation : '',
    outcome: outcome.success ? outcome.data : '',
    like: search.get('like') ?? '',
    page: positiveInt(search.get('page')) ?? 1,
    pageSize:
      pageSize && (PROMISE_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_PROMISE_PAGE_SIZE,
  };
}

export function promisesSearchParams(params: PromisesParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.confirmation) search.set('confirmation', params.confirmation);
  if (params.outcome) search.set('outcome', params.outcome);
  search.set('range', params.range.preset);
  if (params.range.start) search.set('start', params.range.start);
  if (params.range.end) search.set('end', params.range.end);
  if (params.like.trim()) search.set('like', params.like.trim());
  if (params.page > 1) search.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PROMISE_PAGE_SIZE) search.set('page_size', String(params.pageSize));
  return search;
}

/**
 * The filters, read from the address when the page opens and written back on every change (the page's own
 * state leads, as on the payment report: two quick changes read back from the address would lose the first).
 * A change of filters starts again at page 1; writes replace the history entry.
 */
export function usePromisesParams(today: string) {
  const [search, setSearch] = useSearchParams();
  const [params, setParams] = useState(() => readPromisesParams(search, today));
  const update = useCallback(
    (patch: Partial<PromisesParams>) => setParams((current) => ({ ...current, page: 1, ...patch })),
    [],
  );
  const wanted = promisesSearchParams(params).toString();
  useEffect(() => {
    if (wanted !== search.toString()) setSearch(new URLSearchParams(wanted), { replace: true });
  }, [wanted, search, setSearch]);
  return [params, update] as const;
}
