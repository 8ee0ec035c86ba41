// The merchants module's public surface for reading a merchant and a user's memberships (the access plugin,
// the live layer, profile, invites).
export {
  findMerchantById,
  findMerchantWithMembership,
  listMembershipsOfUser,
  type MembershipAccess,
  toMembershipAccess as membershipAccessOf,
  type MerchantRow,
} from './merchants.repository';
