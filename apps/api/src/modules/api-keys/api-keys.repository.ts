import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { countWhere } from '../../kit/count';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The key with this digest, unless it was revoked. */
export async function findActiveApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Records use at most once a minute per key, so a busy integration does not write on every call. */
export async function touchApiKeyLastUsed(db: Db, id: string, now: Date): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo))));
}

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
  createdByEmail: users.email,
};
export type ApiKeyListRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdByFirstName: string | null;
  createdByLastName: string | null;
  createdByEmail: string | null;
};

/** The merchant's keys, newest first, with the name of whoever created each. */
export async function listApiKeys(
  db: Db,
  query: { merchantId: string; limit: number; offset: number },
): Promise<{ rows: ApiKeyListRow[]; total: number }> {
  const where = eq(apiKeys.merchantId, query.merchantId);
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, apiKeys, where) };
}

export async function findApiKey(db: Db, merchantId: string, id: string): Promise<ApiKeyListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.merchantId, merchantId), eq(apiKeys.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertApiKey(
  db: Db,
  input: {
    merchantId: string;
    name: string;
    prefix: string;
    keyHash: string;
    createdByUserId: string | null;
  },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Revokes once: true when this call revoked the key, false when it was already revoked or is not there. */
export async function revokeApiKey(
  db: Db,
  { merchantId, id, now }: { merchantId: string; id: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.merchantId, merchantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
