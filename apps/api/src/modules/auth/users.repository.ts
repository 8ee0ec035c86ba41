import { and, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user of an access token and whether its session (refresh family) was revoked: logout, password reset,
 * disabling, a stolen refresh token. One query, so checking the session costs each request no extra round
 * trip; the probe reads refresh_tokens_revoked_family_idx, which holds revoked rows only. A token without a
 * family (signed before the claim existed) has no session to check.
 */
export async function findSessionUser(
  db: Db,
  userId: string,
  familyId: string | null,
): Promise<(UserRow & { isSessionRevoked: boolean }) | null> {
  const revoked = familyId
    ? sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({ ...getTableColumns(users), isSessionRevoked: revoked.mapWith(Boolean) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function createUser(
  db: Db,
  data: Pick<
    typeof users.$inferInsert,
    'email' | 'passwordHash' | 'firstName' | 'lastName' | 'isSuperAdmin' | 'isPartner'
  >,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...data, email: data.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUser(
  db: Db,
  {
    id,
    data,
  }: { id: string; data: Partial<Pick<UserRow, 'passwordHash' | 'lastLoginAt' | 'firstName' | 'lastName'>> },
): Promise<void> {
  await db
    .update(users)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(users.id, id));
}
