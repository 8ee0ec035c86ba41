import { pageOf } from '@paylane/shared/contracts/paging';
import { requiredString, validationMessages } from '@paylane/shared/validation';
import { z } from 'zod';

// Settings → API keys (super admins). A key is answered in full only by its creation; lists show its prefix.

/** Every key starts with this; lists show it before the key's own prefix. */
export const API_KEY_READABLE_PREFIX = 'pl_live_';
export const API_KEYS_PAGE_SIZE = 50;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created: z.string(),
  last_used: z.string().nullable(),
  created_by: z.string().nullable(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyPageSchema = pageOf(apiKeySchema);
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyFormSchema = z.object({
  name: requiredString().max(100, { error: validationMessages.maxLength }),
});
export type ApiKeyInput = z.input<typeof apiKeyFormSchema>;
export type ApiKeyValues = z.output<typeof apiKeyFormSchema>;

export const apiKeysKey = (merchantId: string) => ['api-keys', merchantId] as const;
