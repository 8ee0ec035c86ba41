import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@paylane/shared/contracts/auth';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { notAuthenticated } from '../../kit/errors';
import { clearLoginAttempts, reserveLoginAttemptOrThrow } from './login-throttle';
import { verifyPassword } from '../../lib/passwords';
import {
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshFamily,
  spendRefreshToken,
} from './refresh-tokens.repository';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './users.repository';

// Two tabs refreshing at once present the same token; the loser of that race is refused without
// ending the session. A spent token presented later than this is treated as stolen.
const REFRESH_REUSE_GRACE_MS = 10_000;

/** POST /api/token/: email and password for a new session. */
export async function obtainTokenPair(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<TokenPair> {
  // The attempt counts as a failure from here on; only the right password takes it back.
  await reserveLoginAttemptOrThrow(ctx, input.email, input.ip);
  const user = await findUserByEmail(ctx.db, input.email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid || !user.isActive) throw notAuthenticated(messages.invalidCredentials);
  await clearLoginAttempts(ctx, input.email);
  await updateUser(ctx.db, { id: user.id, data: { lastLoginAt: ctx.now() } });
  return startSession(ctx, user);
}

/** A fresh token pair in a new refresh family (sign-in, SSO, sign-up). */
export async function startSession(ctx: AppContext, user: UserRow): Promise<TokenPair> {
  return issuePair(ctx, user, randomUUID());
}

/** POST /api/token/refresh/: rotation; the presented token is spent and a new pair issued. */
export async function refreshTokenPair(ctx: AppContext, refresh: string): Promise<TokenPair> {
  const claims = await ctx.tokens.verifyRefresh(refresh);
  if (!claims) throw notAuthenticated(messages.tokenInvalid);
  const row = await findRefreshToken(ctx.db, claims.jti);
  if (!row || row.revokedAt) throw notAuthenticated(messages.tokenInvalid);
  const now = ctx.now();
  if (!(await spendRefreshToken(ctx.db, row.jti, now))) {
    const spent = await findRefreshToken(ctx.db, row.jti);
    const spentAgoMs = spent?.spentAt ? now.getTime() - spent.spentAt.getTime() : Infinity;
    if (spentAgoMs > REFRESH_REUSE_GRACE_MS) await revokeRefreshFamily(ctx.db, row.familyId, now);
    throw notAuthenticated(messages.tokenInvalid);
  }
  const user = await findUserById(ctx.db, row.userId);
  if (!user || !user.isActive) throw notAuthenticated(messages.tokenInvalid);
  return issuePair(ctx, user, row.familyId);
}

/** POST /api/token/blacklist/: ends the session the refresh token belongs to. */
export async function blacklistRefreshToken(ctx: AppContext, refresh: string): Promise<void> {
  const claims = await ctx.tokens.verifyRefresh(refresh);
  if (!claims) throw notAuthenticated(messages.tokenInvalid);
  await revokeRefreshFamily(ctx.db, claims.fid, ctx.now());
}

async function issuePair(ctx: AppContext, user: UserRow, familyId: string): Promise<TokenPair> {
  const jti = randomUUID();
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.refreshTokenLifetimeSeconds * 1000);
  await insertRefreshToken(ctx.db, { jti, userId: user.id, familyId, expiresAt });
  const groups = user.isSuperAdmin ? ['super'] : [];
  const [access, refresh] = await Promise.all([
    ctx.tokens.signAccess({ userId: user.id, groups, familyId }),
    ctx.tokens.signRefresh({ userId: user.id, jti, familyId, expiresAt }),
  ]);
  return { access, refresh };
}
