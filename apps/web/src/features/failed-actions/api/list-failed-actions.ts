import {
  failedActionPageSchema,
  FAILED_ACTIONS_PAGE_SIZE,
  type FailedActionKind,
} from '@paylane/shared/contracts/failed-actions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { failedActionsKey, failedActionsPath } from './keys';

/** The list's filters: kinds ([] is every kind) and state ('' is open and resolved together). */
export type FailedActionFilters = { kinds: readonly FailedActionKind[]; state: '' | 'open' | 'resolved' };

export type FailedActionsQuery = FailedActionFilters & { page: number; pageSize?: number };

/** GET /api/merchants/{m}/failed-actions/?page&page_size&kind&state (page_size 100 by default). */
export function listFailedActions(merchantId: string, query: FailedActionsQuery) {
  return apiRequest(failedActionsPath(merchantId), {
    query: {
      page: query.page,
      page_size: query.pageSize ?? FAILED_ACTIONS_PAGE_SIZE,
      kind: query.kinds.length ? query.kinds.join(',') : undefined,
      state: query.state || undefined,
    },
    schema: failedActionPageSchema,
  });
}

export const useFailedActions = (merchantId: string, query: FailedActionsQuery) =>
  useQuery({
    queryKey: [...failedActionsKey(merchantId), 'list', query],
    queryFn: () => listFailedActions(merchantId, query),
    placeholderData: keepPreviousData,
  });
