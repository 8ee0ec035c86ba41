/** Every cached group query of a merchant starts with this key; invalidate it after a change. */
export const customerGroupsKey = (merchantId: string) =>
  ['merchants', merchantId, 'customer-groups'] as const;

export const customerGroupsPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/customer_groups/`;

export const customerGroupPath = (merchantId: string, groupId: string) =>
  `${customerGroupsPath(merchantId)}${encodeURIComponent(groupId)}/`;
