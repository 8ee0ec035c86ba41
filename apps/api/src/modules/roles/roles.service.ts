import type { Role, RoleFlags, RoleWrite } from '@paylane/shared/contracts/roles';
import { messages } from '@paylane/shared/messages';
import { permissionFlags, standardRoles } from '@paylane/shared/permissions';
import type { AppContext } from '../../context';
import { invalid, fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import {
  deleteUnusedRole,
  findRoleOfMerchant,
  insertRole,
  isRoleNameTaken,
  listRolesOfMerchant,
  updateRole,
  type RoleData,
  type RoleWithUsage,
} from './roles.repository';
import { isUuid } from '@paylane/shared/validation';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

/** Who changes the merchant's roles (for the audit log). */
export type RoleEditor = { merchantId: string; actorUserId: string; ip: string };

// A custom role's name sits in the user's role list beside the standard roles (docs/product.md §3 role display), so it
// must never read as one of them: a role named 'admin' would count as the admin role.
const reservedNames: readonly string[] = [...standardRoles, 'partner'];

const centsToDollars = (cents: number | null) => (cents === null ? null : cents / 100);

export function toRole(row: RoleWithUsage): Role {
  const flags = Object.fromEntries(
    permissionFlags.map((flag) => [flag, row.permissions[flag] === true]),
  ) as RoleFlags;
  return {
    id: row.id,
    role_name: row.name,
    role_description: row.description,
    permissions: { ...flags, has_access: permissionFlags.filter((flag) => flags[flag]) },
    settings: {
      min_merchant_payment_amount: centsToDollars(row.minPaymentAmountCents),
      max_merchant_payment_amount: centsToDollars(row.maxPaymentAmountCents),
    },
    user_count: row.userCount,
  };
}

/** The role as the audit log keeps it (the same shape the API answers with, without the usage count). */
function roleSnapshot(row: RoleWithUsage) {
  const { user_count: _userCount, ...role } = toRole(row);
  return role;
}

export async function listRoles(
  ctx: AppContext,
  merchantId: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<Role>> {
  const { rows, total } = await listRolesOfMerchant(ctx.db, {
    merchantId,
    ...rowsOfPage(query),
  });
  return { count: total, results: rows.map(toRole) };
}

/** One role of this merchant; another merchant's role is simply not found. */
export async function getRoleRow(ctx: AppContext, merchantId: string, roleId: string) {
  const row = isUuid(roleId) ? await findRoleOfMerchant(ctx.db, merchantId, roleId) : null;
  if (!row) throw notFound();
  return row;
}

export async function createRole(ctx: AppContext, editor: RoleEditor, input: RoleWrite): Promise<Role> {
  const data = await checkedRoleData(ctx, editor.merchantId, input, null);
  const created = await insertRole(ctx.db, editor.merchantId, data).catch(rethrowNameTaken);
  const after = await getRoleRow(ctx, editor.merchantId, created.id);
  await audit(ctx, editor, { action: 'role.created', id: created.id, before: null, after });
  return toRole(after);
}

export async function updateRoleOfMerchant(
  ctx: AppContext,
  editor: RoleEditor,
  roleId: string,
  input: RoleWrite,
): Promise<Role> {
  const before = await getRoleRow(ctx, editor.merchantId, roleId);
  const data = await checkedRoleData(ctx, editor.merchantId, input, roleId);
  await updateRole(ctx.db, { merchantId: editor.merchantId, id: roleId, data }).catch(rethrowNameTaken);
  const after = await getRoleRow(ctx, editor.merchantId, roleId);
  await audit(ctx, editor, { action: 'role.updated', id: roleId, before, after });
  return toRole(after);
}

/** A role still held by users is kept (400): deleting it would silently strip their permissions. */
export async function deleteRoleOfMerchant(ctx: AppContext, editor: RoleEditor, roleId: string) {
  const before = await getRoleRow(ctx, editor.merchantId, roleId);
  if (!(await deleteUnusedRole(ctx.db, editor.merchantId, roleId))) {
    throw invalid({ non_field_errors: [messages.roleInUse] });
  }
  await audit(ctx, editor, { action: 'role.deleted', id: roleId, before, after: null });
}

async function checkedRoleData(
  ctx: AppContext,
  merchantId: string,
  input: RoleWrite,
  exceptId: string | null,
): Promise<RoleData> {
  const name = input.role_name;
  const isReserved = reservedNames.includes(name.toLowerCase().replace(/\s+/g, '_'));
  if (isReserved || (await isRoleNameTaken(ctx.db, { merchantId, name, exceptId }))) {
    throw fieldError('role_name', messages.roleNameTaken);
  }
  return {
    name,
    description: input.role_description,
    permissions: input.permissions,
    minPaymentAmountCents: input.settings.minCents,
    maxPaymentAmountCents: input.settings.maxCents,
  };
}

/** Two saves of one name racing: the unique index decides and the loser hears why. */
function rethrowNameTaken(error: unknown): never {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | null)?.cause);
  throw code === '23505' ? fieldError('role_name', messages.roleNameTaken) : error;
}

function audit(
  ctx: AppContext,
  editor: RoleEditor,
  change: { action: string; id: string; before: RoleWithUsage | null; after: RoleWithUsage | null },
) {
  return recordAudit(ctx, {
    merchantId: editor.merchantId,
    actorUserId: editor.actorUserId,
    action: change.action,
    entityType: 'custom_role',
    entityId: change.id,
    before: change.before ? roleSnapshot(change.before) : null,
    after: change.after ? roleSnapshot(change.after) : null,
    ip: editor.ip,
  });
}
