import { customerGroupDetailSchema } from '@paylane/shared/contracts/customer-groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupPath, customerGroupsKey } from './keys';

/** GET /api/merchants/{id}/customer_groups/{group_id}/: the group with its members' ids (customer_m2m). */
export function getCustomerGroup(merchantId: string, groupId: string) {
  return apiRequest(customerGroupPath(merchantId, groupId), { schema: customerGroupDetailSchema });
}

export const customerGroupQueryOptions = (merchantId: string, groupId: string) =>
  queryOptions({
    queryKey: [...customerGroupsKey(merchantId), 'detail', groupId],
    queryFn: () => getCustomerGroup(merchantId, groupId),
  });

export const useCustomerGroup = (merchantId: string, groupId: string) =>
  useQuery(customerGroupQueryOptions(merchantId, groupId));
