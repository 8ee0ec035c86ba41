import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/access';

/** Who changed a merchant, for the audit log. */
export type MerchantActor = { userId: string; ip: string };

export const actorOf = (request: FastifyRequest): MerchantActor => ({
  userId: currentUser(request).id,
  ip: request.ip,
});
