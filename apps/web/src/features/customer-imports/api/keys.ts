/** Query keys of a merchant's customer imports. */
export const customerImportsKey = (merchantId: string) =>
  ['merchants', merchantId, 'customer-imports'] as const;
export const customerImportKey = (merchantId: string, importId: string) =>
  [...customerImportsKey(merchantId), importId] as const;

export const customerImportsPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/customer_imports/`;
export const customerImportPath = (merchantId: string, importId: string) =>
  `${customerImportsPath(merchantId)}${encodeURIComponent(importId)}/`;
