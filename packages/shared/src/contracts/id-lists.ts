import { z } from 'zod';
import { messages } from '../messages';

// Lists of customer ids in request bodies (retrieve_optouts, group members).

/**
 * Ids one request may carry (retrieve_optouts, group members): a longer list, such as a CSV of a whole book,
 * is sent in several requests of at most this many, so no request holds the server for long (issue 14).
 */
export const MAX_IDS_PER_REQUEST = 10_000;

/** Our customer ids, or the merchant's external ids: at most MAX_IDS_PER_REQUEST, each 1–100 characters. */
export const customerIdListSchema = z
  .array(z.string().trim().min(1).max(100))
  .max(MAX_IDS_PER_REQUEST, { error: messages.tooManyIdsPerRequest });

/** `ids` in slices of MAX_IDS_PER_REQUEST, in order: what a client sends, one request per slice. */
export function idChunks<T>(ids: readonly T[], size = MAX_IDS_PER_REQUEST): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}
