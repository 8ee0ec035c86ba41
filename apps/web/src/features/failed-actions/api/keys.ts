// Query keys and API paths of failed actions (packages/shared/src/contracts/failed-actions.ts). Every query lives
// under failedActionsKey, so one invalidation after a retry or resolve refreshes the page and Home's list.

export const failedActionsKey = (merchantId: string) => ['merchants', merchantId, 'failed-actions'] as const;

export const failedActionsPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/failed-actions/`;

export const failedActionPath = (merchantId: string, actionId: string, verb: 'resolve' | 'retry') =>
  `${failedActionsPath(merchantId)}${encodeURIComponent(actionId)}/${verb}/`;
