// The auth module's public surface for other modules (partners, password reset, user invites, the access
// plugin, the live layer, the CLI): who a user is, their one-time tokens and their sessions. Other modules
// never import auth's repositories (ARCHITECTURE.md, module boundaries).
export { revokeRefreshTokensOfUser } from './refresh-tokens.repository';
export {
  findUsableOneTimeToken,
  insertOneTimeToken,
  useOneTimeToken,
  type OneTimeTokenKind,
  type OneTimeTokenRow,
} from './one-time-tokens.repository';
export {
  createUser,
  findSessionUser,
  findUserByEmail,
  findUserById,
  updateUser,
  type UserRow,
} from './users.repository';
