import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { preparedPerDb, statementName, type Db } from '../db/client';
import type { AuthUser } from './access';
import { customRoles, memberships, merchants, refreshTokens, users } from '../db/schema';
import {
  membershipAccessOf,
  type MembershipAccess,
  type MerchantRow,
} from '../modules/merchants/merchant-lookup.service';

/** The signed-in caller as every authenticated request reads it, with the merchant its path names. */
export type CallerRead = {
  user: AuthUser & { isActive: boolean; isSessionRevoked: boolean };
  /** Null when the path names no merchant or no such merchant exists. */
  merchant: MerchantRow | null;
  /** The user's membership in that merchant; null when they do not belong. */
  membership: MembershipAccess | null;
};

const callerReadStatement = preparedPerDb((db: Db) => {
  const revoked = sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNotNull(refreshTokens.revokedAt)),
    )})`;
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isSuperAdmin: users.isSuperAdmin,
      isPartner: users.isPartner,
      isActive: users.isActive,
      isSessionRevoked: revoked.mapWith(Boolean),
      merchant: merchants,
      membershipId: memberships.id,
      roles: memberships.roles,
      customRoleId: customRoles.id,
      customRoleName: customRoles.name,
      permissions: customRoles.permissions,
    })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, sql.placeholder('merchantId')))
    .leftJoin(memberships, and(eq(memberships.merchantId, merchants.id), eq(memberships.userId, users.id)))
    .leftJoin(customRoles, eq(customRoles.id, memberships.customRoleId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(statementName(db, 'caller_read'));
});

/**
 * The caller's user, whether their session ended, and — on a merchant's path — the merchant and their membership
 * in it: one prepared statement per request instead of two built ones (issue 19). Read on every request, never
 * cached, so a disabled user, a removed membership or a logout takes effect on the next request.
 */
export async function readCaller(
  db: Db,
  key: { userId: string; familyId: string | null; merchantId: string | null },
): Promise<CallerRead | null> {
  const [row] = await callerReadStatement(db).execute(key);
  if (!row) return null;
  const { merchant, membershipId, roles, customRoleId, customRoleName, permissions, ...user } = row;
  const membership =
    membershipId && roles ? membershipAccessOf({ roles, customRoleId, customRoleName, permissions }) : null;
  return { user, merchant, membership };
}
