import { and, asc, count, eq, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customRoles, memberships } from '../../db/schema';
import type { PermissionFlag } from '@paylane/shared/permissions';

export type CustomRoleRow = typeof customRoles.$inferSelect;
export type RoleWithUsage = CustomRoleRow & { userCount: number };

export type RoleData = {
  name: string;
  description: string;
  permissions: Record<PermissionFlag, boolean>;
  minPaymentAmountCents: number | null;
  maxPaymentAmountCents: number | null;
};

// Members of the role's own merchant holding it. Written out in full: inside a select list drizzle names
// columns without their table, which the subquery would read as its own.
const userCount = sql<number>`(
  select count(*)::int from "memberships"
  where "memberships"."custom_role_id" = "custom_roles"."id"
    and "memberships"."merchant_id" = "custom_roles"."merchant_id"
)`;

export async function listRolesOfMerchant(
  db: Db,
  query: { merchantId: string; limit: number; offset: number },
): Promise<{ rows: RoleWithUsage[]; total: number }> {
  const where = eq(customRoles.merchantId, query.merchantId);
  const rows = await db
    .select({ role: customRoles, userCount })
    .from(customRoles)
    .where(where)
    .orderBy(asc(customRoles.name), asc(customRoles.id))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(customRoles).where(where);
  return { rows: rows.map((row) => ({ ...row.role, userCount: row.userCount })), total: totals?.total ?? 0 };
}

export async function findRoleOfMerchant(
  db: Db,
  merchantId: string,
  roleId: string,
): Promise<RoleWithUsage | null> {
  const [row] = await db
    .select({ role: customRoles, userCount })
    .from(customRoles)
    .where(and(eq(customRoles.id, roleId), eq(customRoles.merchantId, merchantId)))
    .limit(1);
  return row ? { ...row.role, userCount: row.userCount } : null;
}

/** Another role of the merchant with this name, compared case-insensitively. */
export async function isRoleNameTaken(
  db: Db,
  input: { merchantId: string; name: string; exceptId: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(
      and(
        eq(customRoles.merchantId, input.merchantId),
        sql`lower(${customRoles.name}) = lower(${input.name})`,
        input.exceptId ? ne(customRoles.id, input.exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertRole(db: Db, merchantId: string, data: RoleData): Promise<CustomRoleRow> {
  const [row] = await db
    .insert(customRoles)
    .values({ merchantId, ...data })
    .returning();
  if (!row) throw new Error('custom role insert returned no row');
  return row;
}

export async function updateRole(
  db: Db,
  input: { merchantId: string; id: string; data: RoleData },
): Promise<void> {
  await db
    .update(customRoles)
    .set({ ...input.data, updatedAt: new Date() })
    .where(and(eq(customRoles.id, input.id), eq(customRoles.merchantId, input.merchantId)));
}

/**
 * Deletes the role only while nobody holds it, in one statement so an assignment made meanwhile cannot
 * slip through; false when it is in use (or gone).
 */
export async function deleteUnusedRole(db: Db, merchantId: string, id: string): Promise<boolean> {
  const holders = db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.customRoleId, customRoles.id));
  const rows = await db
    .delete(customRoles)
    .where(and(eq(customRoles.id, id), eq(customRoles.merchantId, merchantId), notExists(holders)))
    .returning({ id: customRoles.id });
  return rows.length === 1;
}
