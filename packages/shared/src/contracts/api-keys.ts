import { z } from 'zod';
import { requiredString, validationMessages } from '../validation';
import { pageOf, pageQuerySchema } from './paging';

// Settings → API keys (docs/product.md §2, §6 super admins; §7 api_keys including revoke). The full key is answered once,
// on creation; afterwards only its prefix identifies it.

/** Every key starts with this, so a leaked key is recognisable in logs and by secret scanners. */
export const API_KEY_READABLE_PREFIX = 'pl_live_';

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key after 'pl_live_'. */
  prefix: z.string(),
  created: z.string(),
  last_used: z.string().nullable(),
  /** The creator's name, or null when that user is gone. */
  created_by: z.string().nullable(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyPageSchema = pageOf(apiKeySchema);

/** The answer to a creation: the key itself, this one time. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// GET /api/merchants/{id}/api_keys/?page=&page_size=
export const apiKeysQuerySchema = pageQuerySchema;
export type ApiKeysQuery = z.input<typeof apiKeysQuerySchema>;

// POST /api/merchants/{id}/api_keys/; also the create form's rules.
export const apiKeyCreateSchema = z.object({
  name: requiredString().max(100, { error: validationMessages.maxLength }),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
export type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;
