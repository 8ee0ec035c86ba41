import type { Profile } from '@paylane/shared/contracts/profile';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-errors';
import { findUserById } from '../auth/users.repository';
import { listMembershipsOfUser } from '../merchants/merchants.repository';
import { logoUrl } from '../merchants/merchants.service';

/** The signed-in user, their roles per merchant, and their home organisation (the first membership). */
export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const memberships = (await listMembershipsOfUser(ctx.db, userId)).map((m) => ({
    merchant: { id: m.merchant.id, name: m.merchant.name, logo: logoUrl(m.merchant.logoPath) },
    roles: m.roles,
  }));
  const home = memberships[0] ?? null;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_super_admin: user.isSuperAdmin,
    is_partner: user.isPartner,
    roles: user.isSuperAdmin ? ['super_admin'] : (home?.roles ?? []),
    memberships,
    organization: home?.merchant ?? null,
  };
}
