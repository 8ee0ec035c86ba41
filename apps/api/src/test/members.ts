import type { PermissionFlag } from '@paylane/shared/permissions';
import type { Db } from '../db/client';
import { customRoles, memberships } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createUser } from '../modules/auth/identity.service';

/** The password of every member addMember creates. */
export const MEMBER_PASSWORD = 'Member-Pass-1';

/** A member of the merchant; with `flags`, their custom role holds exactly those flags. */
export async function addMember(
  db: Db,
  member: {
    merchantId: string;
    email: string;
    roles: string[];
    flags?: Partial<Record<PermissionFlag, boolean>>;
  },
) {
  const user = await createUser(db, {
    email: member.email,
    passwordHash: await hashPassword(MEMBER_PASSWORD),
    firstName: 'Casey',
    lastName: member.email.split('@')[0]!,
    isSuperAdmin: false,
    isPartner: false,
  });
  let customRoleId: string | null = null;
  if (member.flags) {
    const [role] = await db
      .insert(customRoles)
      .values({ merchantId: member.merchantId, name: `Role of ${member.email}`, permissions: member.flags })
      .returning();
    customRoleId = role!.id;
  }
  await db
    .insert(memberships)
    .values({ userId: user.id, merchantId: member.merchantId, roles: member.roles, customRoleId });
  return user;
}
