import { useQuery } from '@tanstack/react-query';
import { failedActionsKey } from './keys';
import { listFailedActions } from './list-failed-actions';

/**
 * How many failed actions of the merchant are open (the navigation's count beside Failed Actions, issue 20):
 * a page of one, whose count is the answer. Retrying or resolving one invalidates the failed-actions key.
 */
export const useOpenFailedActionCount = (merchantId: string | null) =>
  useQuery({
    queryKey: [...failedActionsKey(merchantId ?? ''), 'open-count'],
    queryFn: async () =>
      (await listFailedActions(merchantId ?? '', { kinds: [], state: 'open', page: 1, pageSize: 1 })).count,
    enabled: merchantId !== null,
  });
