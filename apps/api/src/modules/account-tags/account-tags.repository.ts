import { and, asc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTags } from '../../db/schema';
import { escapeLike } from '../../kit/like';
import { countWhere } from '../../kit/count';

export type AccountTagRow = typeof accountTags.$inferSelect;

const tagColumns = { id: accountTags.id, name: accountTags.name };

/** Search text is matched literally: % and _ typed by a user are not wildcards. */

export async function listAccountTags(
  db: Db,
  query: { merchantId: string; search: string | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(accountTags.merchantId, query.merchantId)];
  if (query.search) conditions.push(ilike(accountTags.name, `%${escapeLike(query.search)}%`));
  const where = and(...conditions);
  const rows = await db
    .select(tagColumns)
    .from(accountTags)
    .where(where)
    .orderBy(asc(sql`lower(${accountTags.name})`), asc(accountTags.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, accountTags, where) };
}

export async function findAccountTag(db: Db, merchantId: string, id: string) {
  const [row] = await db
    .select(tagColumns)
    .from(accountTags)
    .where(and(eq(accountTags.merchantId, merchantId), eq(accountTags.id, id)))
    .limit(1);
  return row ?? null;
}

/** Another tag of the merchant with this name, compared without case (names are stored trimmed). */
export async function findAccountTagByName(
  db: Db,
  { merchantId, name, exceptId }: { merchantId: string; name: string; exceptId?: string },
) {
  const conditions: SQL[] = [
    eq(accountTags.merchantId, merchantId),
    sql`lower(${accountTags.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(accountTags.id, exceptId));
  const [row] = await db
    .select(tagColumns)
    .from(accountTags)
    .where(and(...conditions))
    .limit(1);
  return row ?? null;
}

export async function insertAccountTag(db: Db, input: { merchantId: string; name: string }) {
  const [row] = await db.insert(accountTags).values(input).returning(tagColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAccountTagName(
  db: Db,
  { merchantId, id, name }: { merchantId: string; id: string; name: string },
) {
  const [row] = await db
    .update(accountTags)
    .set({ name })
    .where(and(eq(accountTags.merchantId, merchantId), eq(accountTags.id, id)))
    .returning(tagColumns);
  return row ?? null;
}

export async function deleteAccountTag(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  const [row] = await db
    .delete(accountTags)
    .where(and(eq(accountTags.merchantId, merchantId), eq(accountTags.id, id)))
    .returning(tagColumns);
  return row ?? null;
}
