import { isUuid } from '@paylane/shared/validation';
import { z } from 'zod';
import { notFound } from './errors';

/** The path of every merchant-scoped route (docs/conventions.md §4); the access plugin checks the id. */
export const merchantParams = z.object({ merchant_id: z.string() });

/** A merchant path with more ids: `merchantPath('customer_id', 'account_id')`. */
export function merchantPath<const K extends string>(...names: K[]) {
  const ids = Object.fromEntries(names.map((name) => [name, z.string()])) as { [N in K]: z.ZodString };
  return merchantParams.extend(ids);
}

/**
 * An id from a path, refused as not found when it is not a UUID: a malformed id names nothing, and answering
 * 404 (not 400) keeps ids unguessable and the answer the same as for another merchant's record.
 */
export function idOrNotFound(id: string): string {
  if (!isUuid(id)) throw notFound();
  return id;
}
