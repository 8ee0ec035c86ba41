import { z } from 'zod';

export const MAX_PAGE_SIZE = 1000;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** A cursor list (inbox, chat, history): `?cursor=&page_size=` → `{next, previous, results}`. */
export const cursorPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
