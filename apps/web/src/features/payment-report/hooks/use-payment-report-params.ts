import { transactionStatusSchema, type TransactionStatus } from '@paylane/shared/contracts/payments';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DATA_TABLE_PAGE_SIZES,
  DEFAULT_DATA_TABLE_PAGE_SIZE,
} from '../../../components/data-table/data-table';
import {
  isDateRangePreset,
  presetDays,
  rangeFromDays,
  type DateRange,
} from '../../../components/date-range-picker/date-range-presets';

// The payment report keeps its filters and page in the address (?range&start&end&status&like&page&page_size),
// so a reload or a shared link shows the same report: the same days, not days counted again from a new today.

export type PaymentReportParams = {
  range: DateRange;
  statuses: TransactionStatus[];
  like: string;
  page: number;
  pageSize: number;
};

/** A first visit shows the last 30 days: recent enough to be useful, bounded so a large merchant answers fast. */
const DEFAULT_PRESET = 'last_30_days';

const positiveInt = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
};

export function readReportParams(search: URLSearchParams, today: string): PaymentReportParams {
  const preset = search.get('range') ?? DEFAULT_PRESET;
  const hasDays = search.has('start') || search.has('end');
  const range =
    !hasDays && isDateRangePreset(preset)
      ? { preset, ...presetDays(preset, today) }
      : rangeFromDays(preset, { start: search.get('start') ?? '', end: search.get('end') ?? '' }, today);
  const pageSize = positiveInt(search.get('page_size'));
  return {
    range,
    statuses: search
      .getAll('status')
      .filter((status): status is TransactionStatus => transactionStatusSchema.safeParse(status).success),
    like: search.get('like') ?? '',
    page: positiveInt(search.get('page')) ?? 1,
    pageSize:
      pageSize && (DATA_TABLE_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_DATA_TABLE_PAGE_SIZE,
  };
}

export function reportSearchParams(params: PaymentReportParams): URLSearchParams {
  const search = new URLSearchParams({ range: params.range.preset });
  if (params.range.start) search.set('start', params.range.start);
  if (params.range.end) search.set('end', params.range.end);
  for (const status of params.statuses) search.append('status', status);
  if (params.like.trim()) search.set('like', params.like.trim());
  if (params.page > 1) search.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_DATA_TABLE_PAGE_SIZE) search.set('page_size', String(params.pageSize));
  return search;
}

/**
 * The report's filters, read from the address when the page opens and written back to it on every change.
 * The page's own state leads: writing the address is a navigation that completes later (the route's guard
 * runs first), so two quick changes read from the address would lose the first. A change of filters starts
 * again at page 1. Writes replace the history entry: typing a search would otherwise leave a Back step per word.
 */
export function usePaymentReportParams(today: string) {
  const [search, setSearch] = useSearchParams();
  const [params, setParams] = useState(() => readReportParams(search, today));
  const update = useCallback(
    (patch: Partial<PaymentReportParams>) => setParams((current) => ({ ...current, page: 1, ...patch })),
    [],
  );
  // Also names a first visit's default days in the address, so a link copied from it keeps them.
  const wanted = reportSearchParams(params).toString();
  useEffect(() => {
    if (wanted !== search.toString()) setSearch(new URLSearchParams(wanted), { replace: true });
  }, [wanted, search, setSearch]);
  return [params, update] as const;
}
