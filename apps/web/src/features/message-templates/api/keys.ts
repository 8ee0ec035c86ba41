/** Every cached template query of a merchant starts with this key; invalidate it after a change. */
export const messageTemplatesKey = (merchantId: string) =>
  ['merchants', merchantId, 'message-templates'] as const;

export const messageTemplatesPath = (merchantId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/message_templates/`;

export const messageTemplatePath = (merchantId: string, templateId: string) =>
  `${messageTemplatesPath(merchantId)}${encodeURIComponent(templateId)}/`;
