import type { Profile } from '@paylane/shared/contracts/profile';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/access';
import { listMembershipsOfUser } from '../merchants/merchant-lookup.service';
import { logoUrl } from '../merchants/merchants.service';

/**
 * The signed-in user, their roles per merchant, and their home organisation (the first membership).
 * The user comes from authentication (read on this request), so only the memberships are queried.
 */
export async function getProfile(ctx: AppContext, user: AuthUser): Promise<Profile> {
  const memberships = (await listMembershipsOfUser(ctx.db, user.id)).map((m) => ({
    merchant: { id: m.merchant.id, name: m.merchant.name, logo: logoUrl(m.merchant.logoPath) },
    roles: m.roleNames,
    custom_role: m.customRole ? { id: m.customRole.id, role_name: m.customRole.name } : null,
    permissions: m.flags,
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
