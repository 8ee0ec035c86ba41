import type { FastifyRequest } from 'fastify';
import { currentMerchantAccess, currentUser } from '../plugins/access';

/**
 * Who does something in a merchant: the merchant of the path, the signed-in user (null for an API key or the
 * system) and the address it came from, for the audit log.
 */
export type Actor = { merchantId: string; userId: string | null; ip: string };

/** The merchant of a `/api/merchants/:merchant_id/…` request, as the access plugin checked it. */
export const merchantIdOf = (request: FastifyRequest): string => currentMerchantAccess(request).merchant.id;

/** The actor of a merchant-scoped request. */
export const actorOf = (request: FastifyRequest): Actor => ({
  merchantId: merchantIdOf(request),
  userId: request.user?.id ?? null,
  ip: request.ip,
});

/** Who acts outside any one merchant (a super admin or partner creating or editing merchants). */
export type UserActor = { userId: string; ip: string };

/** The actor of an authenticated request that names no merchant. */
export const userActorOf = (request: FastifyRequest): UserActor => ({
  userId: currentUser(request).id,
  ip: request.ip,
});
