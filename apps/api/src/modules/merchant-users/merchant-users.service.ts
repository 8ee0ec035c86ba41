import type {
  MerchantUser,
  MerchantUserRole,
  MerchantUsersQuery,
  RoleOptions,
} from '@paylane/shared/contracts/merchant-users';
import { permissionFlags, type PermissionFlag } from '@paylane/shared/permissions';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError, forbidden, notFound } from '../../kit/errors';
import type { AuthUser } from '../../plugins/access';
import { recordAudit } from '../audit/audit.service';
import { revokeRefreshTokensOfUser } from '../auth/identity.service';
import {
  disableUser,
  findCustomRoleOfMerchant,
  findMerchantUser,
  listCustomRoleOptions,
  listMerchantUsers,
  setUserActive,
  updateMembership,
  type MerchantUserRow,
} from './merchant-users.repository';
import { isUuid } from '@paylane/shared/validation';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

/** Who manages the merchant's users, and how far they may go. */
export type ManagerScope = {
  merchantId: string;
  merchantName: string;
  actor: AuthUser;
  /**
   * Admins and super admins. A user manager through a custom role (is_user_update_allowed) manages staff
   * only: they may not give the admin role nor change an admin's account, so the flag cannot grow into
   * admin rights.
   */
  isFullManager: boolean;
  /** The manager's own custom-role flags: a staff-level manager hands out no more than they hold. */
  flags: Partial<Record<PermissionFlag, boolean>>;
  ip: string;
};

export function toMerchantUser(row: MerchantUserRow): MerchantUser {
  const customRole =
    row.customRoleId && row.customRoleName ? { id: row.customRoleId, name: row.customRoleName } : null;
  const role = row.roles.includes('admin') ? 'admin' : row.roles.includes('staff') ? 'staff' : null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    roles: customRole ? [customRole.name, ...row.roles] : row.roles,
    role,
    custom_role: customRole ? { id: customRole.id, role_name: customRole.name } : null,
    created: row.createdAt.toISOString(),
    is_pending: row.isPending,
    is_active: row.isActive,
    status: !row.isActive ? 'Inactive' : row.isPending ? 'Pending' : 'Active',
  };
}

/** What the audit log keeps of a member before and after a change. */
export const memberSnapshot = (row: MerchantUserRow) => ({
  email: row.email,
  roles: row.roles,
  custom_role_id: row.customRoleId,
  custom_role_name: row.customRoleName,
  is_active: row.isActive,
  is_pending: row.isPending,
});

export async function listUsersOfMerchant(
  ctx: AppContext,
  merchantId: string,
  query: MerchantUsersQuery & { page: number; page_size: number },
): Promise<PageSlice<MerchantUser>> {
  const { rows, total } = await listMerchantUsers(ctx.db, {
    merchantId,
    search: query.search || undefined,
    ...rowsOfPage(query),
  });
  return { count: total, results: rows.map(toMerchantUser) };
}

export async function listRoleOptions(ctx: AppContext, merchantId: string): Promise<RoleOptions> {
  const rows = await listCustomRoleOptions(ctx.db, merchantId);
  return { results: rows.map((row) => ({ id: row.id, role_name: row.name })) };
}

/** A member of this merchant; users of other merchants (and super admins) are not found. */
export async function getMember(ctx: AppContext, merchantId: string, userId: string) {
  const row = isUuid(userId) ? await findMerchantUser(ctx.db, merchantId, userId) : null;
  if (!row) throw notFound();
  return row;
}

export function assertMayManage(scope: ManagerScope, target: MerchantUserRow): void {
  if (!scope.isFullManager && target.roles.includes('admin')) throw forbidden(messages.adminAccountProtected);
}

export function assertMayGrant(scope: ManagerScope, role: MerchantUserRole | undefined): void {
  if (role === 'admin' && !scope.isFullManager) throw fieldError('role', messages.adminRoleRequired);
}

/**
 * The custom role to assign: absent stays absent, null removes, an id must be one of this merchant's. A
 * staff-level manager may assign only roles whose flags they hold themselves, so no one grows their rights
 * through someone else's account (or their own).
 */
export async function resolveCustomRoleId(
  ctx: AppContext,
  scope: ManagerScope,
  id: string | null | undefined,
): Promise<string | null | undefined> {
  if (!id) return id;
  const role = await findCustomRoleOfMerchant(ctx.db, scope.merchantId, id);
  if (!role) throw fieldError('custom_role_id', messages.customRoleInvalid);
  const grantsMore = permissionFlags.some((flag) => role.permissions[flag] === true && !scope.flags[flag]);
  if (!scope.isFullManager && grantsMore) throw fieldError('custom_role_id', messages.customRoleBeyondOwn);
  return role.id;
}

/** PUT .../users/{user_id}/: the standard role and/or the custom role. */
export async function updateMerchantUser(
  ctx: AppContext,
  scope: ManagerScope,
  userId: string,
  input: { role?: MerchantUserRole | undefined; custom_role_id?: string | null | undefined },
): Promise<MerchantUser> {
  const before = await getMember(ctx, scope.merchantId, userId);
  assertMayManage(scope, before);
  // A staff-level manager does not change their own role: that is how a flag would grow into more.
  if (!scope.isFullManager && userId === scope.actor.id) throw forbidden();
  assertMayGrant(scope, input.role);
  const customRoleId = await resolveCustomRoleId(ctx, scope, input.custom_role_id);
  const data = {
    ...(input.role ? { roles: [input.role] } : {}),
    ...(customRoleId === undefined ? {} : { customRoleId }),
  };
  if (Object.keys(data).length > 0) {
    await updateMembership(ctx.db, { merchantId: scope.merchantId, userId, data });
  }
  return auditedResult(ctx, scope, { action: 'user.updated', userId, before });
}

/**
 * POST .../users/{user_id}/disable/: the account stops working at once (every request re-reads the user)
 * and its sessions and invite links are revoked. Disabling one's own account also gives up one's roles in
 * the merchant, so enabling it again does not silently restore admin rights.
 */
export async function disableMerchantUser(
  ctx: AppContext,
  scope: ManagerScope,
  userId: string,
): Promise<MerchantUser> {
  const before = await getMember(ctx, scope.merchantId, userId);
  assertMayManage(scope, before);
  const now = ctx.now();
  const isSelf = userId === scope.actor.id;
  await disableUser(ctx.db, { userId, at: now, clearRolesIn: isSelf ? scope.merchantId : null });
  await revokeRefreshTokensOfUser(ctx.db, userId, now);
  return auditedResult(ctx, scope, { action: 'user.disabled', userId, before });
}

/** POST .../users/{user_id}/enable/. A pending user needs a new invite (disabling spent the old link). */
export async function enableMerchantUser(
  ctx: AppContext,
  scope: ManagerScope,
  userId: string,
): Promise<MerchantUser> {
  const before = await getMember(ctx, scope.merchantId, userId);
  assertMayManage(scope, before);
  await setUserActive(ctx.db, userId, true);
  return auditedResult(ctx, scope, { action: 'user.enabled', userId, before });
}

/** Reads the member after a change, records before/after, and answers with the new state. */
export async function auditedResult(
  ctx: AppContext,
  scope: ManagerScope,
  change: { action: string; userId: string; before: MerchantUserRow | null },
): Promise<MerchantUser> {
  const { action, userId, before } = change;
  const after = await getMember(ctx, scope.merchantId, userId);
  await recordAudit(ctx, {
    merchantId: scope.merchantId,
    actorUserId: scope.actor.id,
    action,
    entityType: 'user',
    entityId: after.id,
    before: before ? memberSnapshot(before) : null,
    after: memberSnapshot(after),
    ip: scope.ip,
  });
  return toMerchantUser(after);
}
