import { customerGroupMemberPageSchema } from '@paylane/shared/contracts/customer-groups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerGroupPath, customerGroupsKey } from './keys';

export type GroupMembersQuery = { page: number; page_size: number };

/** GET /api/merchants/{id}/customer_groups/{group_id}/members/?page=&page_size= */
export function listGroupMembers(merchantId: string, groupId: string, query: GroupMembersQuery) {
  return apiRequest(`${customerGroupPath(merchantId, groupId)}members/`, {
    query,
    schema: customerGroupMemberPageSchema,
  });
}

export const useGroupMembers = (merchantId: string, groupId: string, query: GroupMembersQuery) =>
  useQuery({
    queryKey: [...customerGroupsKey(merchantId), 'members', groupId, query],
    queryFn: () => listGroupMembers(merchantId, groupId, query),
    placeholderData: keepPreviousData,
  });
