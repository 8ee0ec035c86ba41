import type { AccessClaims } from '@paylane/shared/contracts/auth';
import type { Profile } from '@paylane/shared/contracts/profile';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import { can, type Capability, type PermissionFlag } from '@paylane/shared/permissions';
import { isSuperUser } from '../../lib/jwt';

/** docs/product.md §6: super users come from the token's 'super' group; the profile flag agrees with it. */
export const isSuperAdminUser = (profile: Profile, claims: AccessClaims | null) =>
  isSuperUser(claims) || profile.is_super_admin;

/**
 * docs/product.md §2: a user with zero roles goes to the unauthorized page. Super admins hold every merchant, and a
 * partner's role is the partner itself: they come in to follow the merchants they onboarded.
 */
export const hasAnyRole = (profile: Profile, claims: AccessClaims | null) =>
  isSuperAdminUser(profile, claims) || profile.is_partner || profile.roles.length > 0;

/** The user's roles in a merchant: its membership's roles, or the home roles when it is not a membership. */
export function rolesInMerchant(
  profile: Profile,
  merchantId: string | null,
  isSuperAdmin: boolean,
): string[] {
  if (isSuperAdmin) return ['super_admin'];
  const membership = profile.memberships.find((item) => item.merchant.id === merchantId);
  return membership ? membership.roles : profile.roles;
}

/**
 * The roles that grant rights: the membership's roles without its custom role's name, so a custom role
 * called 'admin' can never pass for the admin role (the server reads only standard roles too).
 */
export function standardRolesInMerchant(
  profile: Profile,
  merchantId: string | null,
  isSuperAdmin: boolean,
): string[] {
  const customName = profile.memberships.find((item) => item.merchant.id === merchantId)?.custom_role
    ?.role_name;
  return rolesInMerchant(profile, merchantId, isSuperAdmin).filter((role) => role !== customName);
}

/** The flags of the user's custom role in a merchant (empty without one, and for super admins). */
export function flagsInMerchant(
  profile: Profile,
  merchantId: string | null,
): Partial<Record<PermissionFlag, boolean>> {
  return profile.memberships.find((item) => item.merchant.id === merchantId)?.permissions ?? {};
}

/** Whether the user may use a capability in a merchant (docs/product.md §6), with the merchant's record once loaded. */
export function canInMerchant(
  input: { profile: Profile; isSuperAdmin: boolean; merchantId: string | null; merchant: Merchant | null },
  capability: Capability,
): boolean {
  const { profile, isSuperAdmin, merchantId, merchant } = input;
  if (!merchantId || !merchant) return false;
  const roles = standardRolesInMerchant(profile, merchantId, isSuperAdmin);
  return can({ isSuperAdmin, roles, flags: flagsInMerchant(profile, merchantId) }, merchant, capability);
}
