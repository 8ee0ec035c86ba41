/** Every cached batch query of a merchant starts with this key; a new mass text invalidates it. */
export const messageBatchesKey = (merchantId: string) =>
  ['merchants', merchantId, 'message-batches'] as const;

export const messageBatchesPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/message_batches/`;

export const messageBatchPath = (merchantId: string, batchId: string) =>
  `${messageBatchesPath(merchantId)}${encodeURIComponent(batchId)}/`;
