import { promisePageSchema, type PromiseOutcome } from '@paylane/shared/contracts/promises';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promisesKey, promisesPath } from './keys';

/** The /promises page's filters; '' filters nothing. Days are YYYY-MM-DD on the merchant's clock. */
export type PromiseFilters = {
  confirmation: '' | 'confirmed' | 'unconfirmed';
  outcome: '' | PromiseOutcome;
  start: string;
  end: string;
  like: string;
};

export type PromisesQuery = PromiseFilters & { page: number; pageSize: number };

/** GET /api/merchants/{m}/promises/?page&page_size&confirmation&outcome&start&end&like */
export function listPromises(merchantId: string, query: PromisesQuery) {
  const like = query.like.trim();
  return apiRequest(promisesPath(merchantId), {
    query: {
      page: query.page,
      page_size: query.pageSize,
      confirmation: query.confirmation || undefined,
      outcome: query.outcome || undefined,
      start: query.start || undefined,
      end: query.end || undefined,
      like: like || undefined,
    },
    schema: promisePageSchema,
  });
}

export const usePromises = (merchantId: string, query: PromisesQuery) =>
  useQuery({
    queryKey: [...promisesKey(merchantId), 'list', query],
    queryFn: () => listPromises(merchantId, query),
    placeholderData: keepPreviousData,
  });
