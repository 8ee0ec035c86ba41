import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type OneTimeTokenKind = OneTimeTokenRow['kind'];

export async function insertOneTimeToken(
  db: Db,
  row: Omit<typeof oneTimeTokens.$inferInsert, 'id' | 'createdAt' | 'usedAt'>,
): Promise<OneTimeTokenRow> {
  const [inserted] = await db.insert(oneTimeTokens).values(row).returning();
  if (!inserted) throw new Error('one-time token insert returned no row');
  return inserted;
}

type TokenMatch = { kind: OneTimeTokenKind; tokenHash: string; now: Date } & (
  { id: string } | { userId: string }
);

/** The unused, unexpired token with this hash, by its own id or by its user. */
export async function findUsableOneTimeToken(db: Db, match: TokenMatch): Promise<OneTimeTokenRow | null> {
  const owner = 'id' in match ? eq(oneTimeTokens.id, match.id) : eq(oneTimeTokens.userId, match.userId);
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        owner,
        eq(oneTimeTokens.kind, match.kind),
        eq(oneTimeTokens.tokenHash, match.tokenHash),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, match.now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Spends a token; false when another request spent it first, so a link works exactly once. */
export async function useOneTimeToken(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

export async function deleteOneTimeTokensExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, before))
    .returning({ id: oneTimeTokens.id });
  return rows.length;
}
