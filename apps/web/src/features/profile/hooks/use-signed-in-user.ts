import { findAccessClaims } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { isSuperAdminUser } from '../access';

/** The signed-in user's profile (loaded by the route guard before the shell renders) and super-admin flag. */
export function useSignedInUser() {
  const { data: profile } = useProfile();
  return {
    profile: profile ?? null,
    isSuperAdmin: profile ? isSuperAdminUser(profile, findAccessClaims()) : false,
  };
}
