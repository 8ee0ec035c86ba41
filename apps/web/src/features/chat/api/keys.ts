/** Every cached chat query of a customer starts with this key. */
export const chatKey = (merchantId: string, customerId: string) =>
  ['merchants', merchantId, 'chat', customerId] as const;

/** The history as the chat window shows it (search '' is the whole history, which live events extend). */
export const chatMessagesKey = (merchantId: string, customerId: string, search: string) =>
  [...chatKey(merchantId, customerId), 'messages', search] as const;

export const merchantPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/`;

export const accountPath = (merchantId: string, accountId: string) =>
  `${merchantPath(merchantId)}accounts/${encodeURIComponent(accountId)}/`;
