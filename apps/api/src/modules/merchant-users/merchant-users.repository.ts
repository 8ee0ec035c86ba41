import type { PermissionFlag } from '@paylane/shared/permissions';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customRoles, memberships, oneTimeTokens, users } from '../../db/schema';
import { insertOneTimeToken, type OneTimeTokenRow } from '../auth/identity.service';
import { createUser } from '../auth/identity.service';
import { escapeLike } from '../../kit/like';

/** A user as a member of one merchant: their account, standard roles and custom role there. */
export type MerchantUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  isActive: boolean;
  isPending: boolean;
  roles: string[];
  customRoleId: string | null;
  customRoleName: string | null;
};

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  isActive: users.isActive,
  isPending: sql<boolean>`${users.passwordHash} is null`,
  roles: memberships.roles,
  customRoleId: customRoles.id,
  customRoleName: customRoles.name,
};

/** Members of the merchant; super admins hold every merchant without a membership and are never listed. */
function memberQuery(db: Db, merchantId: string, extra: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      customRoles,
      and(eq(customRoles.id, memberships.customRoleId), eq(customRoles.merchantId, merchantId)),
    )
    .where(and(eq(memberships.merchantId, merchantId), eq(users.isSuperAdmin, false), extra));
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}

export async function listMerchantUsers(
  db: Db,
  query: { merchantId: string; search: string | undefined; limit: number; offset: number },
): Promise<{ rows: MerchantUserRow[]; total: number }> {
  const search = searchCondition(query.search);
  const rows = await memberQuery(db, query.merchantId, search)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, query.merchantId), eq(users.isSuperAdmin, false), search));
  return { rows, total: totals?.total ?? 0 };
}

export async function findMerchantUser(
  db: Db,
  merchantId: string,
  userId: string,
): Promise<MerchantUserRow | null> {
  const [row] = await memberQuery(db, merchantId, eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The merchants the user belongs to (a user belongs to one organisation; the invite checks it). */
export async function listMembershipMerchantIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ merchantId: memberships.merchantId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.merchantId);
}

export async function findCustomRoleOfMerchant(
  db: Db,
  merchantId: string,
  roleId: string,
): Promise<{ id: string; name: string; permissions: Partial<Record<PermissionFlag, boolean>> } | null> {
  const [row] = await db
    .select({ id: customRoles.id, name: customRoles.name, permissions: customRoles.permissions })
    .from(customRoles)
    .where(and(eq(customRoles.id, roleId), eq(customRoles.merchantId, merchantId)))
    .limit(1);
  return row ?? null;
}

export function listCustomRoleOptions(db: Db, merchantId: string) {
  return db
    .select({ id: customRoles.id, name: customRoles.name })
    .from(customRoles)
    .where(eq(customRoles.merchantId, merchantId))
    .orderBy(asc(customRoles.name));
}

type InviteToken = { tokenHash: string; expiresAt: Date; createdByUserId: string };

/** The invited user (no password yet), their membership and the invite link's token, all or nothing. */
export function createInvitedMember(
  db: Db,
  input: {
    merchantId: string;
    user: { email: string; firstName: string; lastName: string };
    roles: string[];
    customRoleId: string | null;
    token: InviteToken;
  },
): Promise<{ userId: string; invite: OneTimeTokenRow }> {
  return db.transaction(async (tx) => {
    // Only the transaction's handle inside a transaction (ARCHITECTURE.md, lessons).
    const txDb: Db = tx;
    const user = await createUser(txDb, {
      ...input.user,
      passwordHash: null,
      isSuperAdmin: false,
      isPartner: false,
    });
    await tx.insert(memberships).values({
      userId: user.id,
      merchantId: input.merchantId,
      roles: input.roles,
      customRoleId: input.customRoleId,
    });
    const invite = await insertInviteToken(txDb, { ...input, userId: user.id, email: user.email });
    return { userId: user.id, invite };
  });
}

function insertInviteToken(
  db: Db,
  input: { merchantId: string; userId: string; email: string; token: InviteToken },
): Promise<OneTimeTokenRow> {
  return insertOneTimeToken(db, {
    kind: 'user_invite',
    userId: input.userId,
    merchantId: input.merchantId,
    email: input.email,
    ...input.token,
  });
}

/** Spends every open invite link of the user, so only a newer link (if any) works. */
export async function spendInviteTokensOfUser(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, 'user_invite'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** Resend: the old links stop working and a new one is issued, together. */
export function replaceInviteToken(
  db: Db,
  input: { merchantId: string; userId: string; email: string; token: InviteToken; at: Date },
): Promise<OneTimeTokenRow> {
  return db.transaction(async (tx) => {
    const txDb: Db = tx;
    await spendInviteTokensOfUser(txDb, input.userId, input.at);
    return insertInviteToken(txDb, input);
  });
}

export async function updateMembership(
  db: Db,
  input: { merchantId: string; userId: string; data: { roles?: string[]; customRoleId?: string | null } },
): Promise<void> {
  await db
    .update(memberships)
    .set(input.data)
    .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)));
}

/**
 * Disables the account (the access plugin refuses it on the next request) and its open invite links.
 * `clearRolesIn` also takes the user's roles in that merchant (disabling one's own account).
 */
export function disableUser(
  db: Db,
  input: { userId: string; at: Date; clearRolesIn: string | null },
): Promise<void> {
  return db.transaction(async (tx) => {
    const txDb: Db = tx;
    await setUserActive(txDb, input.userId, false);
    await spendInviteTokensOfUser(txDb, input.userId, input.at);
    if (input.clearRolesIn) {
      const data = { roles: [], customRoleId: null };
      await updateMembership(txDb, { merchantId: input.clearRolesIn, userId: input.userId, data });
    }
  });
}

export async function setUserActive(db: Db, userId: string, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId));
}
