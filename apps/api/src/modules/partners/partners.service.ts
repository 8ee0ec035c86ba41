import type { TokenPair } from '@paylane/shared/contracts/auth';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError, refused } from '../../kit/errors';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { recordAudit } from '../audit/audit.service';
import { startSession } from '../auth/auth.service';
import {
  findUsableOneTimeToken,
  insertOneTimeToken,
  useOneTimeToken,
  type OneTimeTokenRow,
} from '../auth/identity.service';
import { hashPassword } from '../../lib/passwords';
import { createUser, findUserByEmail, findUserById } from '../auth/identity.service';
import { isUuid } from '@paylane/shared/validation';

const INVITE_LIFETIME_SECONDS = 7 * 24 * 3600;
const invalidToken = () => refused(messages.invalidToken);

/** POST /api/partner-invites/ (super admin): emails a link to /partner-invite/{id}/{token}. */
export async function invitePartner(ctx: AppContext, input: { email: string; invitedByUserId: string }) {
  if (await findUserByEmail(ctx.db, input.email)) throw fieldError('email', messages.emailInUse);
  const token = generateSecret();
  const row = await insertOneTimeToken(ctx.db, {
    kind: 'partner_invite',
    email: input.email,
    tokenHash: hashSecret(token),
    createdByUserId: input.invitedByUserId,
    expiresAt: new Date(ctx.now().getTime() + INVITE_LIFETIME_SECONDS * 1000),
  });
  const link = `${ctx.config.publicUrl}/partner-invite/${row.id}/${token}`;
  await ctx.email.send({
    to: input.email,
    subject: 'You are invited to Paylane as a partner',
    text: `You have been invited to join Paylane as a partner.\n\nAccept the invitation within 7 days:\n${link}`,
  });
  await recordAudit(ctx, {
    actorUserId: input.invitedByUserId,
    action: 'partner.invited',
    entityType: 'partner_invite',
    entityId: row.id,
    after: { email: input.email },
  });
  return { id: row.id, email: input.email, expires_at: row.expiresAt.toISOString() };
}

/** GET /api/partner-invites/{id}/{token}/: what the invite page shows. */
export async function getPartnerInvite(ctx: AppContext, id: string, token: string) {
  const invite = await findInvite(ctx, id, token);
  const inviter = invite.createdByUserId ? await findUserById(ctx.db, invite.createdByUserId) : null;
  const invitedBy = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : 'Paylane';
  return { email: invite.email ?? '', invited_by: invitedBy };
}

/** POST /api/partner-signup/: creates the partner's user from the invite and signs them in. */
export async function signUpPartner(
  ctx: AppContext,
  input: { id: string; token: string; first_name: string; last_name: string; password: string },
): Promise<TokenPair> {
  const invite = await findInvite(ctx, input.id, input.token);
  const email = invite.email ?? '';
  if (await findUserByEmail(ctx.db, email)) throw fieldError('email', messages.emailInUse);
  if (!(await useOneTimeToken(ctx.db, invite.id, ctx.now()))) throw invalidToken();
  const user = await createUser(ctx.db, {
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    isSuperAdmin: false,
    isPartner: true,
  });
  await recordAudit(ctx, {
    actorUserId: user.id,
    action: 'partner.signed_up',
    entityType: 'user',
    entityId: user.id,
  });
  return startSession(ctx, user);
}

async function findInvite(ctx: AppContext, id: string, token: string): Promise<OneTimeTokenRow> {
  const invite = isUuid(id)
    ? await findUsableOneTimeToken(ctx.db, {
        kind: 'partner_invite',
        id,
        tokenHash: hashSecret(token),
        now: ctx.now(),
      })
    : null;
  if (!invite) throw invalidToken();
  return invite;
}
