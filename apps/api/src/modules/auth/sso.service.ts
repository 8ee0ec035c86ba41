import type { TokenPair } from '@paylane/shared/contracts/auth';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError, notAuthenticated } from '../../kit/errors';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { startSession } from './auth.service';
import { findUsableOneTimeToken, insertOneTimeToken, useOneTimeToken } from './one-time-tokens.repository';
import { findUserById } from './users.repository';
import { isUuid } from '@paylane/shared/validation';

// Long enough for a DMS to hand the link to a browser, short enough that a leaked link is useless.
const SSO_TOKEN_LIFETIME_SECONDS = 120;

/** POST /api/sso-tokens/ (super admin): a single-use token that signs the user in through /sso. */
export async function issueSsoToken(ctx: AppContext, input: { userId: string; createdByUserId: string }) {
  const user = await findUserById(ctx.db, input.userId);
  if (!user || !user.isActive) throw fieldError('user_id', messages.noUserMatching);
  const token = generateSecret();
  const expiresAt = new Date(ctx.now().getTime() + SSO_TOKEN_LIFETIME_SECONDS * 1000);
  await insertOneTimeToken(ctx.db, {
    kind: 'sso',
    userId: user.id,
    tokenHash: hashSecret(token),
    createdByUserId: input.createdByUserId,
    expiresAt,
  });
  return { id: user.id, token, expires_at: expiresAt.toISOString() };
}

/** POST /api/sso-auth/: exchanges the single-use token for a session. */
export async function exchangeSsoToken(
  ctx: AppContext,
  input: { id: string; token: string },
): Promise<TokenPair> {
  const now = ctx.now();
  const row = isUuid(input.id)
    ? await findUsableOneTimeToken(ctx.db, {
        kind: 'sso',
        userId: input.id,
        tokenHash: hashSecret(input.token),
        now,
      })
    : null;
  if (!row || !(await useOneTimeToken(ctx.db, row.id, now))) throw notAuthenticated(messages.invalidToken);
  const user = await findUserById(ctx.db, input.id);
  if (!user || !user.isActive) throw notAuthenticated(messages.invalidToken);
  return startSession(ctx, user);
}
