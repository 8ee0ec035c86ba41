import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../lib/http-errors';
import { findUserById, type UserRow } from '../auth/users.repository';
import { findMerchantById, findMerchantWithMembership } from '../merchants/merchants.repository';
import { findLiveCustomerMerchant } from './live.repository';
import { isUuid } from '@paylane/shared/validation';

// The websockets' handshake checks what plugins/access.ts checks for the API's member routes (browsers
// cannot set an Authorization header on a websocket, so the access token comes in the query): a valid token
// of an active user (401), and a merchant the user belongs to (404 with no data; super admins hold every
// merchant). The upgrade is refused before the socket opens.

async function authenticateToken(ctx: AppContext, token: string | undefined): Promise<UserRow> {
  if (!token) throw unauthorized();
  const claims = await ctx.tokens.verifyAccess(token);
  if (!claims) throw unauthorized(messages.tokenInvalid);
  // Read on each handshake, like each request: a disabled user cannot open a socket.
  const user = await findUserById(ctx.db, claims.user_id);
  if (!user || !user.isActive) throw unauthorized(messages.tokenInvalid);
  return user;
}

async function requireMembership(ctx: AppContext, user: UserRow, merchantId: string): Promise<void> {
  if (user.isSuperAdmin) {
    if (!(await findMerchantById(ctx.db, merchantId))) throw notFound();
    return;
  }
  const { merchant, membership } = await findMerchantWithMembership(ctx.db, merchantId, user.id);
  if (!merchant || !membership) throw notFound();
}

/** /ws/chat/{customerId}/: the customer's merchant, when the caller may read that customer's chat. */
export async function authorizeChatSocket(
  ctx: AppContext,
  input: { token: string | undefined; customerId: string },
): Promise<{ merchantId: string }> {
  const user = await authenticateToken(ctx, input.token);
  // A voided customer has no chat to follow; an unknown one looks the same as another merchant's.
  const merchantId = isUuid(input.customerId)
    ? await findLiveCustomerMerchant(ctx.db, input.customerId)
    : null;
  if (!merchantId) throw notFound();
  await requireMembership(ctx, user, merchantId);
  return { merchantId };
}

/** /ws/inbox/{merchantId}/: members of the merchant (and super admins). */
export async function authorizeInboxSocket(
  ctx: AppContext,
  input: { token: string | undefined; merchantId: string },
): Promise<void> {
  const user = await authenticateToken(ctx, input.token);
  if (!isUuid(input.merchantId)) throw notFound();
  await requireMembership(ctx, user, input.merchantId);
}
