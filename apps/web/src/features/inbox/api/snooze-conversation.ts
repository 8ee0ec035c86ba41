import { inboxEntrySchema, type InboxEntry } from '@paylane/shared/contracts/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboxPath } from './keys';
import { placeEntryInLoadedLists } from './place-entry';

const snoozePath = (merchantId: string, customerId: string) =>
  `${inboxPath(merchantId)}${encodeURIComponent(customerId)}/snooze/`;

/** POST …/inbox/{customer_id}/snooze/ {until}: away until then or the customer's next text (issue 20). */
export function snoozeConversation(merchantId: string, customerId: string, until: Date) {
  return apiRequest(snoozePath(merchantId, customerId), {
    method: 'POST',
    body: { until: until.toISOString() },
    schema: inboxEntrySchema,
  });
}

/** DELETE …/inbox/{customer_id}/snooze/: back in the views now. */
export function wakeConversation(merchantId: string, customerId: string) {
  return apiRequest(snoozePath(merchantId, customerId), { method: 'DELETE', schema: inboxEntrySchema });
}

/** Snooze (`until`) or wake (null), then the entry placed in every loaded list as its view places it. */
export function useSnoozeConversation(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, until }: { customerId: string; until: Date | null }) =>
      until === null
        ? wakeConversation(merchantId, customerId)
        : snoozeConversation(merchantId, customerId, until),
    onSuccess: (entry: InboxEntry) => placeEntryInLoadedLists(queryClient, merchantId, entry),
  });
}
