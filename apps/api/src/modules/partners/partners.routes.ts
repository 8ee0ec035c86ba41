import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  partnerInviteCreateSchema,
  partnerInviteSchema,
  partnerSignupSchema,
  tokenPairSchema,
} from '@paylane/shared/contracts/auth';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/access';
import { publicRoute } from '../../plugins/rate-limit';
import { getPartnerInvite, invitePartner, signUpPartner } from './partners.service';

export const partnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The invite page and the sign-up it leads to share one budget per IP.
  const isPublic = publicRoute(ctx.config.rateLimits, 'partner-invite');

  app.post(
    '/api/partner-invites/',
    {
      config: { access: { superAdmin: true } },
      schema: {
        body: partnerInviteCreateSchema,
        response: { 201: z.object({ id: z.string(), email: z.string(), expires_at: z.string() }) },
      },
    },
    async (request, reply) => {
      const invite = await invitePartner(ctx, {
        email: request.body.email,
        invitedByUserId: currentUser(request).id,
      });
      return reply.status(201).send(invite);
    },
  );

  app.get(
    '/api/partner-invites/:id/:token/',
    {
      config: isPublic,
      schema: {
        params: z.object({ id: z.string(), token: z.string() }),
        response: { 200: partnerInviteSchema },
      },
    },
    (request) => getPartnerInvite(ctx, request.params.id, request.params.token),
  );

  app.post(
    '/api/partner-signup/',
    { config: isPublic, schema: { body: partnerSignupSchema, response: { 200: tokenPairSchema } } },
    (request) => signUpPartner(ctx, request.body),
  );
};
