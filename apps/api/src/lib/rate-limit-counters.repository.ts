import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export type RateLimitCount = { hits: number; windowEndsAt: Date };

/**
 * Counts one request for `key` and answers the count so far in the key's current window (a fixed window that
 * starts with the key's first request after the previous one ended). One upsert, so requests racing on
 * several API processes each get their own count: PostgreSQL serialises the updates of the row.
 */
export async function incrementRateLimitCounter(
  db: Db,
  input: { key: string; now: Date; windowMs: number },
): Promise<RateLimitCount> {
  const c = rateLimitCounters;
  const isWindowOver = sql`${c.windowEndsAt} <= ${input.now}`;
  const [row] = await db
    .insert(c)
    .values({ key: input.key, hits: 1, windowEndsAt: new Date(input.now.getTime() + input.windowMs) })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        hits: sql`case when ${isWindowOver} then 1 else ${c.hits} + 1 end`,
        windowEndsAt: sql`case when ${isWindowOver} then excluded.window_ends_at else ${c.windowEndsAt} end`,
      },
    })
    .returning({ hits: c.hits, windowEndsAt: c.windowEndsAt });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** Counters whose window ended before `before` count nothing any more. */
export async function deleteRateLimitCountersBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, before))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
