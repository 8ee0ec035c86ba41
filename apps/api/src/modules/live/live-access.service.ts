import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { notFound, notAuthenticated } from '../../kit/errors';
import { findSessionUser, type UserRow } from '../auth/identity.service';
import { findMerchantById, findMerchantWithMembership } from '../merchants/merchant-lookup.service';
import { findLiveCustomerMerchant } from './live.repository';
import { isUuid } from '@paylane/shared/validation';

// The websockets' handshake checks what plugins/access.ts checks for the API's member routes (browsers
// cannot set an Authorization header on a websocket, so the access token comes in the query): a valid token
// of an active user whose session was not revoked (401), and a merchant the user belongs to (404 with no
// data; super admins hold every merchant). The upgrade is refused before the socket opens. What the
// handshake saw is kept with the socket, so the socket closes when it stops holding (live-sessions.ts).

/** What an open socket remembers of its handshake. */
export type SocketSession = {
  userId: string;
  /** The session (refresh family) of the access token; null for a token signed before the claim existed. */
  familyId: string | null;
  /** The merchant whose chat or inbox the socket follows. */
  merchantId: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAtMs: number;
};

type Authenticated = { user: UserRow; familyId: string | null; expiresAtMs: number };

async function authenticateToken(ctx: AppContext, token: string | undefined): Promise<Authenticated> {
  if (!token) throw notAuthenticated();
  const claims = await ctx.tokens.verifyAccess(token);
  if (!claims) throw notAuthenticated(messages.tokenInvalid);
  // Read on each handshake, like each request: a disabled user or an ended session cannot open a socket.
  const familyId = claims.fid ?? null;
  const user = await findSessionUser(ctx.db, claims.user_id, familyId);
  if (!user || !user.isActive || user.isSessionRevoked) throw notAuthenticated(messages.tokenInvalid);
  return { user, familyId, expiresAtMs: claims.exp * 1000 };
}

async function holdsMerchant(ctx: AppContext, user: UserRow, merchantId: string): Promise<boolean> {
  if (user.isSuperAdmin) return (await findMerchantById(ctx.db, merchantId)) !== null;
  const { merchant, membership } = await findMerchantWithMembership(ctx.db, merchantId, user.id);
  return merchant !== null && membership !== null;
}

async function authorizeSocket(
  ctx: AppContext,
  token: string | undefined,
  findMerchantId: () => Promise<string | null>,
): Promise<SocketSession> {
  const { user, familyId, expiresAtMs } = await authenticateToken(ctx, token);
  const merchantId = await findMerchantId();
  if (!merchantId || !(await holdsMerchant(ctx, user, merchantId))) throw notFound();
  return { userId: user.id, familyId, merchantId, expiresAtMs };
}

/** /ws/chat/{customerId}/: the customer's merchant, when the caller may read that customer's chat. */
export function authorizeChatSocket(
  ctx: AppContext,
  input: { token: string | undefined; customerId: string },
): Promise<SocketSession> {
  // A voided customer has no chat to follow; an unknown one looks the same as another merchant's.
  return authorizeSocket(ctx, input.token, async () =>
    isUuid(input.customerId) ? findLiveCustomerMerchant(ctx.db, input.customerId) : null,
  );
}

/** /ws/inbox/{merchantId}/: members of the merchant (and super admins). */
export function authorizeInboxSocket(
  ctx: AppContext,
  input: { token: string | undefined; merchantId: string },
): Promise<SocketSession> {
  return authorizeSocket(ctx, input.token, async () => (isUuid(input.merchantId) ? input.merchantId : null));
}

/**
 * Whether an open socket's handshake would still pass: the user is active, the session not revoked and the
 * merchant still theirs (a super admin demoted keeps only their memberships). Expiry is the clock's business.
 */
export async function isSocketSessionValid(ctx: AppContext, session: SocketSession): Promise<boolean> {
  const user = await findSessionUser(ctx.db, session.userId, session.familyId);
  if (!user || !user.isActive || user.isSessionRevoked) return false;
  return holdsMerchant(ctx, user, session.merchantId);
}
