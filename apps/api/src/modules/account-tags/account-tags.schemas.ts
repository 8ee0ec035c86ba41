import { z } from 'zod';
import { pageOf } from '@paylane/shared/contracts/paging';
import { requiredString, validationMessages } from '@paylane/shared/validation';

// Account tags of a merchant (spec §3 Account tag: name; §7 GET .../account-tags/ with page_size 40).

export const ACCOUNT_TAGS_PAGE_SIZE = 40;

export const accountTagSchema = z.object({ id: z.string(), name: z.string() });
export type AccountTag = z.infer<typeof accountTagSchema>;
export const accountTagPageSchema = pageOf(accountTagSchema);

export const accountTagListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(ACCOUNT_TAGS_PAGE_SIZE),
});

export const accountTagInputSchema = z.object({
  name: requiredString().max(100, { error: validationMessages.maxLength }),
});
export type AccountTagInput = z.infer<typeof accountTagInputSchema>;
