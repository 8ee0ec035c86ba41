import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customRoles, memberships, merchants } from '../../db/schema';
import type { PermissionFlag } from '@paylane/shared/permissions';
import { escapeLike } from '../../kit/like';
import { countWhere } from '../../kit/count';

export type MerchantRow = typeof merchants.$inferSelect;

export async function findMerchantById(db: Db, id: string): Promise<MerchantRow | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row ?? null;
}

export type MembershipAccess = {
  /** Standard roles ('admin', 'staff'): what authorization reads. A custom role's name never counts here. */
  roles: string[];
  /** For display (docs/product.md §3): the custom role's name first when one is assigned, then the standard roles. */
  roleNames: string[];
  flags: Partial<Record<PermissionFlag, boolean>>;
  customRole: { id: string; name: string } | null;
};

const membershipColumns = {
  roles: memberships.roles,
  customRoleId: customRoles.id,
  customRoleName: customRoles.name,
  permissions: customRoles.permissions,
};

/** A membership row (standard roles, custom role, its flags) as authorization reads it. */
export function toMembershipAccess(row: {
  roles: string[];
  customRoleId: string | null;
  customRoleName: string | null;
  permissions: Partial<Record<PermissionFlag, boolean>> | null;
}): MembershipAccess {
  const customRole =
    row.customRoleId && row.customRoleName ? { id: row.customRoleId, name: row.customRoleName } : null;
  return {
    roles: row.roles,
    roleNames: customRole ? [customRole.name, ...row.roles] : row.roles,
    flags: row.permissions ?? {},
    customRole,
  };
}

/**
 * The merchant and the user's place in it, in one query (every merchant route asks both before anything
 * else): merchant null when there is no such merchant, membership null when the user does not belong.
 */
export async function findMerchantWithMembership(
  db: Db,
  merchantId: string,
  userId: string,
): Promise<{ merchant: MerchantRow | null; membership: MembershipAccess | null }> {
  const [row] = await db
    .select({ merchant: merchants, membershipId: memberships.id, ...membershipColumns })
    .from(merchants)
    .leftJoin(memberships, and(eq(memberships.merchantId, merchants.id), eq(memberships.userId, userId)))
    .leftJoin(customRoles, eq(customRoles.id, memberships.customRoleId))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  if (!row) return { merchant: null, membership: null };
  const membership = row.membershipId && row.roles ? toMembershipAccess({ ...row, roles: row.roles }) : null;
  return { merchant: row.merchant, membership };
}

export async function listMembershipsOfUser(db: Db, userId: string) {
  const rows = await db
    .select({
      ...membershipColumns,
      merchant: { id: merchants.id, name: merchants.name, logoPath: merchants.logoPath },
    })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .leftJoin(customRoles, eq(customRoles.id, memberships.customRoleId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  return rows.map((row) => ({ merchant: row.merchant, ...toMembershipAccess(row) }));
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
  if (query.memberUserId) {
    const memberOf = db
      .select({ merchantId: memberships.merchantId })
      .from(memberships)
      .where(eq(memberships.userId, query.memberUserId));
    conditions.push(inArray(merchants.id, memberOf));
  }
  if (query.search) conditions.push(ilike(merchants.name, `%${escapeLike(query.search)}%`));
  const where = and(...conditions);
  const rows = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(where)
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, merchants, where) };
}

type MerchantListQuery = {
  /** Only the merchants this partner onboarded; null lists every merchant (super admins). */
  partnerUserId: string | null;
  search: string | undefined;
  limit: number;
  offset: number;
};

/** Full merchant rows by name, for the super admin and partner list. */
export async function listMerchants(db: Db, query: MerchantListQuery) {
  const conditions: SQL[] = [];
  if (query.partnerUserId) conditions.push(eq(merchants.partnerUserId, query.partnerUserId));
  if (query.search) conditions.push(ilike(merchants.name, `%${escapeLike(query.search)}%`));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(merchants)
    .where(where)
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, merchants, where) };
}

export type MerchantWrite = Pick<
  typeof merchants.$inferInsert,
  | 'name'
  | 'integrationType'
  | 'isIntegrated'
  | 'checkCustomRoles'
  | 'allowGroupMessage'
  | 'timeZone'
  | 'status'
  | 'smsFromNumber'
  | 'smsMessagingServiceSid'
>;

/**
 * Whether another merchant already sends from this number (its own or its outbox number) or through this
 * Messaging Service: an inbound text must lead to exactly one merchant.
 */
export async function findSenderTaken(
  db: Db,
  input: { exceptId: string | null; number: string | null; serviceSid: string | null },
): Promise<{ number: boolean; serviceSid: boolean }> {
  const { number, serviceSid } = input;
  const matches = or(
    number ? or(eq(merchants.smsFromNumber, number), eq(merchants.outboxSmsNumber, number)) : undefined,
    serviceSid ? eq(merchants.smsMessagingServiceSid, serviceSid) : undefined,
  );
  if (!matches) return { number: false, serviceSid: false };
  const rows = await db
    .select({
      smsFromNumber: merchants.smsFromNumber,
      outboxSmsNumber: merchants.outboxSmsNumber,
      serviceSid: merchants.smsMessagingServiceSid,
    })
    .from(merchants)
    .where(and(matches, input.exceptId ? ne(merchants.id, input.exceptId) : undefined));
  return {
    number: rows.some((row) => row.smsFromNumber === number || row.outboxSmsNumber === number),
    serviceSid: serviceSid !== null && rows.some((row) => row.serviceSid === serviceSid),
  };
}

export async function insertMerchant(db: Db, data: MerchantWrite): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(data).returning();
  if (!row) throw new Error('merchant insert returned no row');
  return row;
}

/** Updates one merchant's record; null when it no longer exists. */
export async function updateMerchantRow(
  db: Db,
  input: { id: string; now: Date; data: Partial<MerchantWrite> & { logoPath?: string | null } },
): Promise<MerchantRow | null> {
  const [row] = await db
    .update(merchants)
    .set({ ...input.data, updatedAt: input.now })
    .where(eq(merchants.id, input.id))
    .returning();
  return row ?? null;
}

/** Search text is matched literally: % and _ typed by a user are not wildcards. */
