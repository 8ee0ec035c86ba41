import {
  customerGroupWriteAnswerSchema,
  type CustomerGroup,
} from '@paylane/shared/contracts/customer-groups';
import { idChunks } from '@paylane/shared/contracts/id-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupPath, customerGroupsKey } from './keys';

export type GroupWriteAnswer = CustomerGroup & { unknown_customers: string[] };

/**
 * POST /api/merchants/{id}/customer_groups/{group_id}/members/: adds these customers (our ids, or external
 * ids with findByExternal); members already there stay. A request carries at most MAX_IDS_PER_REQUEST ids,
 * so a longer list goes one slice after another; the answer is the last one's group with every slice's
 * unknown ids.
 */
export async function addCustomerGroupMembers(
  merchantId: string,
  groupId: string,
  input: { customers: readonly string[]; findByExternal: boolean },
): Promise<GroupWriteAnswer | null> {
  let answer: GroupWriteAnswer | null = null;
  const unknown: string[] = [];
  for (const chunk of idChunks(input.customers)) {
    answer = await apiRequest(`${customerGroupPath(merchantId, groupId)}members/`, {
      method: 'POST',
      body: { customers: chunk, find_by_external: input.findByExternal },
      schema: customerGroupWriteAnswerSchema,
    });
    unknown.push(...answer.unknown_customers);
  }
  return answer && { ...answer, unknown_customers: unknown };
}

export function useAddCustomerGroupMembers(merchantId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { customers: readonly string[]; findByExternal: boolean }) =>
      addCustomerGroupMembers(merchantId, groupId, input),
    // A slice that failed leaves the earlier ones added: the group is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerGroupsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
