import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  row: { jti: string; userId: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: Db, jti: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti)).limit(1);
  return row ?? null;
}

/** Marks a live token spent; false when it was already spent or revoked (only one rotation can win). */
export async function spendRefreshToken(db: Db, jti: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ spentAt: at })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt)))
    .returning({ jti: refreshTokens.jti });
  return rows.length === 1;
}

export async function revokeRefreshFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeRefreshTokensOfUser(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function deleteRefreshTokensExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, before))
    .returning({ jti: refreshTokens.jti });
  return rows.length;
}
