import { z } from 'zod';
import { requiredString, validationMessages } from '../validation';
import { MAX_PAGE_SIZE, pageOf } from './paging';

// Account tags of a merchant (docs/product.md §3 Account tag: name; §7 GET .../account-tags/ with page_size 40).

/** docs/product.md §7 asks for 40 tags a page: the server's default and the page the web shows. */
export const ACCOUNT_TAGS_PAGE_SIZE = 40;

export const accountTagSchema = z.object({ id: z.string(), name: z.string() });
export type AccountTag = z.infer<typeof accountTagSchema>;
export const accountTagPageSchema = pageOf(accountTagSchema);

// GET /api/merchants/{id}/account-tags/?search=&page=&page_size=
export const accountTagsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ACCOUNT_TAGS_PAGE_SIZE),
});
export type AccountTagsQuery = z.input<typeof accountTagsQuerySchema>;

// POST .../account-tags/ and PUT .../account-tags/{tag_id}/ (a rename); also the add/rename form's rules.
export const accountTagWriteSchema = z.object({
  name: requiredString().max(100, { error: validationMessages.maxLength }),
});
export type AccountTagWriteInput = z.input<typeof accountTagWriteSchema>;
export type AccountTagWrite = z.output<typeof accountTagWriteSchema>;
