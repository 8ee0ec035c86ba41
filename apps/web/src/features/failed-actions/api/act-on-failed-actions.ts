import {
  bulkFailedActionAnswerSchema,
  failedActionSchema,
  type FailedActionKind,
} from '@paylane/shared/contracts/failed-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { failedActionPath, failedActionsKey, failedActionsPath } from './keys';

export type FailedActionVerb = 'resolve' | 'retry';

/** POST …/failed-actions/{id}/resolve/ or /retry/: the action as it now stands. */
export function actOnFailedAction(merchantId: string, verb: FailedActionVerb, actionId: string) {
  return apiRequest(failedActionPath(merchantId, actionId, verb), {
    method: 'POST',
    body: {},
    schema: failedActionSchema,
  });
}

/** The actions a bulk request names: chosen ids, or every open action of the chosen kinds. */
export type BulkTarget = { ids: readonly string[] } | { all: true; kinds: readonly FailedActionKind[] };

/** POST …/failed-actions/resolve/ or /retry/ with {ids} or {all: true, kind}. */
export function actOnFailedActions(merchantId: string, verb: FailedActionVerb, target: BulkTarget) {
  const body =
    'all' in target
      ? { all: true, ...(target.kinds.length ? { kind: target.kinds.join(',') } : {}) }
      : { ids: target.ids };
  return apiRequest(`${failedActionsPath(merchantId)}${verb}/`, {
    method: 'POST',
    body,
    schema: bulkFailedActionAnswerSchema,
  });
}

export function useActOnFailedAction(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, actionId }: { verb: FailedActionVerb; actionId: string }) =>
      actOnFailedAction(merchantId, verb, actionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedActionsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}

export function useActOnFailedActions(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, target }: { verb: FailedActionVerb; target: BulkTarget }) =>
      actOnFailedActions(merchantId, verb, target),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedActionsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
