import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/http-errors';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { recordAudit } from '../audit/audit.service';
import {
  findUsableOneTimeToken,
  insertOneTimeToken,
  useOneTimeToken,
} from '../auth/one-time-tokens.repository';
import { hashPassword } from '../auth/passwords';
import { revokeRefreshTokensOfUser } from '../auth/refresh-tokens.repository';
import { findUserByEmail, updateUser } from '../auth/users.repository';
import { isUuid } from '@paylane/shared/validation';

const RESET_LIFETIME_SECONDS = 3600;

/**
 * POST /api/password-reset/: emails a single-use link valid for an hour. The caller learns nothing
 * about whether the email exists: the answer is the same either way.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<{ detail: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.isActive && user.passwordHash) {
    const token = generateSecret();
    await insertOneTimeToken(ctx.db, {
      kind: 'password_reset',
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(ctx.now().getTime() + RESET_LIFETIME_SECONDS * 1000),
    });
    const link = `${ctx.config.publicUrl}/reset-password/${user.id}/${token}`;
    await ctx.email.send({
      to: user.email,
      subject: 'Reset your Paylane password',
      text: `Someone asked to reset the password of your Paylane account.\n\nOpen this link within an hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.`,
    });
  }
  return { detail: messages.passwordResetSent };
}

/** POST /api/password-reset/confirm/: sets the new password and ends every existing session. */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: { id: string; token: string; password: string },
): Promise<{ detail: string }> {
  const now = ctx.now();
  const row = isUuid(input.id)
    ? await findUsableOneTimeToken(ctx.db, {
        kind: 'password_reset',
        userId: input.id,
        tokenHash: hashSecret(input.token),
        now,
      })
    : null;
  if (!row || !(await useOneTimeToken(ctx.db, row.id, now))) throw fieldError('token', messages.invalidToken);
  await updateUser(ctx.db, { id: input.id, data: { passwordHash: await hashPassword(input.password) } });
  await revokeRefreshTokensOfUser(ctx.db, input.id, now);
  await recordAudit(ctx, {
    actorUserId: input.id,
    action: 'user.password_reset',
    entityType: 'user',
    entityId: input.id,
  });
  return { detail: messages.passwordResetDone };
}
