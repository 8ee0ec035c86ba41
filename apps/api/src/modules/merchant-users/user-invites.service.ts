import type { MerchantUser, MerchantUserRole, UserInvite } from '@paylane/shared/contracts/merchant-users';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { invalid, fieldError } from '../../kit/errors';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { recordAudit } from '../audit/audit.service';
import { findUsableOneTimeToken, useOneTimeToken, type OneTimeTokenRow } from '../auth/identity.service';
import { hashPassword } from '../../lib/passwords';
import { findUserByEmail, findUserById, updateUser } from '../auth/identity.service';
import { findMerchantById } from '../merchants/merchant-lookup.service';
import {
  createInvitedMember,
  listMembershipMerchantIds,
  replaceInviteToken,
} from './merchant-users.repository';
import {
  assertMayGrant,
  assertMayManage,
  auditedResult,
  getMember,
  resolveCustomRoleId,
  type ManagerScope,
} from './merchant-users.service';
import { isUuid } from '@paylane/shared/validation';

const INVITE_LIFETIME_DAYS = 7;
const invalidToken = () => invalid({ non_field_errors: [messages.invalidToken] });
const passwordAlreadySet = () => invalid({ non_field_errors: [messages.passwordHasBeenSet] });

type InviteInput = {
  email: string;
  first_name: string;
  last_name: string;
  role: MerchantUserRole;
  custom_role_id?: string | null | undefined;
};

/**
 * POST .../users/: creates the user without a password, their membership, and a single-use link to
 * /user-invite/{id}/{token} (7 days) sent by email. One organisation per user (docs/product.md §8 messages).
 */
export async function inviteMerchantUser(
  ctx: AppContext,
  scope: ManagerScope,
  input: InviteInput,
): Promise<MerchantUser> {
  assertMayGrant(scope, input.role);
  await assertEmailFree(ctx, scope.merchantId, input.email);
  const customRoleId = (await resolveCustomRoleId(ctx, scope, input.custom_role_id)) ?? null;
  const secret = generateSecret();
  const { userId, invite } = await createInvitedMember(ctx.db, {
    merchantId: scope.merchantId,
    user: { email: input.email, firstName: input.first_name, lastName: input.last_name },
    roles: [input.role],
    customRoleId,
    token: inviteToken(ctx, scope, secret),
  }).catch((error: unknown) => {
    // Two invites of one email racing: the users' unique email index decides, the loser hears why.
    throw isUniqueViolation(error) ? fieldError('email', messages.emailInUse) : error;
  });
  await sendInviteEmail(ctx, scope, { to: input.email, invite, secret });
  return auditedResult(ctx, scope, { action: 'user.invited', userId, before: null });
}

/** POST .../users/{user_id}/resend_invite/: a new link; the earlier ones stop working. */
export async function resendInvite(
  ctx: AppContext,
  scope: ManagerScope,
  userId: string,
): Promise<MerchantUser> {
  const member = await getMember(ctx, scope.merchantId, userId);
  assertMayManage(scope, member);
  if (!member.isPending) throw passwordAlreadySet();
  const secret = generateSecret();
  const invite = await replaceInviteToken(ctx.db, {
    merchantId: scope.merchantId,
    userId,
    email: member.email,
    token: inviteToken(ctx, scope, secret),
    at: ctx.now(),
  });
  await sendInviteEmail(ctx, scope, { to: member.email, invite, secret });
  return auditedResult(ctx, scope, { action: 'user.invite_resent', userId, before: member });
}

/** GET /api/user-invites/{id}/{token}/: what the set-password page shows. */
export async function getUserInvite(ctx: AppContext, id: string, token: string): Promise<UserInvite> {
  const { user, invite } = await findOpenInvite(ctx, id, token);
  const merchant = invite.merchantId ? await findMerchantById(ctx.db, invite.merchantId) : null;
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    organization: merchant?.name ?? '',
  };
}

/** POST /api/user-invites/{id}/{token}/: sets the password once; the user then signs in. */
export async function acceptUserInvite(
  ctx: AppContext,
  input: { id: string; token: string; password: string },
): Promise<{ detail: string }> {
  const { user, invite } = await findOpenInvite(ctx, input.id, input.token);
  const passwordHash = await hashPassword(input.password);
  if (!(await useOneTimeToken(ctx.db, invite.id, ctx.now()))) throw invalidToken();
  await updateUser(ctx.db, { id: user.id, data: { passwordHash } });
  await recordAudit(ctx, {
    merchantId: invite.merchantId,
    actorUserId: user.id,
    action: 'user.invite_accepted',
    entityType: 'user',
    entityId: user.id,
  });
  return { detail: messages.invitePasswordSet };
}

async function findOpenInvite(ctx: AppContext, id: string, token: string) {
  const invite = isUuid(id)
    ? await findUsableOneTimeToken(ctx.db, {
        kind: 'user_invite',
        id,
        tokenHash: hashSecret(token),
        now: ctx.now(),
      })
    : null;
  const user = invite?.userId ? await findUserById(ctx.db, invite.userId) : null;
  if (!invite || !user) throw invalidToken();
  if (user.passwordHash) throw passwordAlreadySet();
  return { invite, user };
}

async function assertEmailFree(ctx: AppContext, merchantId: string, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const merchantIds = await listMembershipMerchantIds(ctx.db, user.id);
  const isOtherOrganization = merchantIds.length > 0 && !merchantIds.includes(merchantId);
  // Super admins and partners have no membership: their email is simply taken.
  throw fieldError('email', isOtherOrganization ? messages.userHasOrganization : messages.emailInUse);
}

function inviteToken(ctx: AppContext, scope: ManagerScope, secret: string) {
  const lifetimeMs = INVITE_LIFETIME_DAYS * 24 * 3600 * 1000;
  return {
    tokenHash: hashSecret(secret),
    expiresAt: new Date(ctx.now().getTime() + lifetimeMs),
    createdByUserId: scope.actor.id,
  };
}

async function sendInviteEmail(
  ctx: AppContext,
  scope: ManagerScope,
  input: { to: string; invite: OneTimeTokenRow; secret: string },
): Promise<void> {
  const link = `${ctx.config.publicUrl}/user-invite/${input.invite.id}/${input.secret}`;
  const inviter = `${scope.actor.firstName} ${scope.actor.lastName}`.trim() || scope.actor.email;
  await ctx.email.send({
    to: input.to,
    subject: `You are invited to ${scope.merchantName} on Paylane`,
    text: `${inviter} invited you to join ${scope.merchantName} on Paylane.\n\nSet your password within ${INVITE_LIFETIME_DAYS} days to accept the invitation:\n${link}`,
  });
}

function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
