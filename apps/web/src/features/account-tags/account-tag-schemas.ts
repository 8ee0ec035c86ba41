import { pageOf } from '@paylane/shared/contracts/paging';
import { requiredString, validationMessages } from '@paylane/shared/validation';
import { z } from 'zod';

// Account tags (spec §3: name). Lists ask for 40 a page (spec §7, §9).

export const ACCOUNT_TAGS_PAGE_SIZE = 40;

export const accountTagSchema = z.object({ id: z.string(), name: z.string() });
export type AccountTag = z.infer<typeof accountTagSchema>;
export const accountTagPageSchema = pageOf(accountTagSchema);

export const accountTagFormSchema = z.object({
  name: requiredString().max(100, { error: validationMessages.maxLength }),
});
export type AccountTagInput = z.input<typeof accountTagFormSchema>;
export type AccountTagValues = z.output<typeof accountTagFormSchema>;

/** Every cached page of a merchant's tags starts with this key. */
export const accountTagsKey = (merchantId: string) => ['account-tags', merchantId] as const;
