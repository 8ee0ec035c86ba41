import {
  customerGroupWriteAnswerSchema,
  type CreateCustomerGroup,
} from '@paylane/shared/contracts/customer-groups';
import { idChunks } from '@paylane/shared/contracts/id-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addCustomerGroupMembers, type GroupWriteAnswer } from './add-customer-group-members';
import { customerGroupsKey, customerGroupsPath } from './keys';

/**
 * POST /api/merchants/{id}/customer_groups/ (docs/product.md §7: customers, name, find_by_external when from a CSV).
 * The answer lists the ids that matched no customer. A request carries at most MAX_IDS_PER_REQUEST ids: a
 * bigger group is created with the first slice and the rest added (POST .../members/).
 */
export async function createCustomerGroup(
  merchantId: string,
  input: CreateCustomerGroup,
): Promise<GroupWriteAnswer> {
  const [first = [], ...rest] = idChunks(input.customers ?? []);
  const created = await apiRequest(customerGroupsPath(merchantId), {
    method: 'POST',
    body: { ...input, customers: first },
    schema: customerGroupWriteAnswerSchema,
  });
  const added = await addCustomerGroupMembers(merchantId, created.id, {
    customers: rest.flat(),
    findByExternal: input.find_by_external ?? false,
  });
  if (!added) return created;
  return { ...added, unknown_customers: [...created.unknown_customers, ...added.unknown_customers] };
}

export function useCreateCustomerGroup(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomerGroup) => createCustomerGroup(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerGroupsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
