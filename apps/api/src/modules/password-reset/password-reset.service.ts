import { z } from 'zod';
import { messages } from '@paylane/shared/messages';
import { requireQueue, type AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { recordAudit } from '../audit/audit.service';
import { findUsableOneTimeToken, insertOneTimeToken, useOneTimeToken } from '../auth/identity.service';
import { hashPassword } from '../../lib/passwords';
import { revokeRefreshTokensOfUser } from '../auth/identity.service';
import { findUserByEmail, updateUser } from '../auth/identity.service';
import { isUuid } from '@paylane/shared/validation';

const RESET_LIFETIME_SECONDS = 3600;

/** The job that emails the link (password-reset.jobs.ts); named here so the request can enqueue it. */
export const PASSWORD_RESET_EMAIL_JOB = 'password-reset.email';
export const passwordResetEmailJobSchema = z.object({ email: z.string() });

/**
 * POST /api/password-reset/: hands the address to a job and answers at once. The caller learns nothing
 * about whether the email exists: the request does the same work either way (one enqueued job), so it takes
 * the same time, and a failing email provider fails the job, never this answer.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<{ detail: string }> {
  await requireQueue(ctx).send(PASSWORD_RESET_EMAIL_JOB, passwordResetEmailJobSchema.parse({ email }));
  return { detail: messages.passwordResetSent };
}

/**
 * The job's work: emails an active user with a password a single-use link valid for an hour; any other
 * address gets nothing. A retry (the provider failed) sends a fresh link; the unsent one is never seen.
 */
export async function sendPasswordResetEmail(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.isActive || !user.passwordHash) return;
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
