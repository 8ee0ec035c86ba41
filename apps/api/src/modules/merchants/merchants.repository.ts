import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, merchants } from '../../db/schema';

export type MerchantRow = typeof merchants.$inferSelect;

export async function findMerchantById(db: Db, id: string): Promise<MerchantRow | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row ?? null;
}

/** The roles a user holds in a merchant, or null when the user does not belong to it. */
export async function findMembershipRoles(
  db: Db,
  userId: string,
  merchantId: string,
): Promise<string[] | null> {
  const [row] = await db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.merchantId, merchantId)))
    .limit(1);
  return row ? row.roles : null;
}

export async function listMembershipsOfUser(db: Db, userId: string) {
  return db
    .select({
      roles: memberships.roles,
      merchant: { id: merchants.id, name: merchants.name, logoPath: merchants.logoPath },
    })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

type MerchantSummaryQuery = {
  /** Only merchants this user belongs to; null lists every merchant (super admins). */
  memberUserId: string | null;
  search: string | undefined;
  limit: number;
  offset: number;
};

export async function listMerchantSummaries(db: Db, query: MerchantSummaryQuery) {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(ilike(merchants.name, `%${escapeLike(query.search)}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const base = query.memberUserId
    ? db
        .select({ id: merchants.id, name: merchants.name })
        .from(merchants)
        .innerJoin(
          memberships,
          and(eq(memberships.merchantId, merchants.id), eq(memberships.userId, query.memberUserId)),
        )
    : db.select({ id: merchants.id, name: merchants.name }).from(merchants);
  const rows = await base
    .where(where)
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(query.limit)
    .offset(query.offset);
  const countBase = query.memberUserId
    ? db
        .select({ total: count() })
        .from(merchants)
        .innerJoin(
          memberships,
          and(eq(memberships.merchantId, merchants.id), eq(memberships.userId, query.memberUserId)),
        )
    : db.select({ total: count() }).from(merchants);
  const [totals] = await countBase.where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** Search text is matched literally: % and _ typed by a user are not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
