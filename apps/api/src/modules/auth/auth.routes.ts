import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blacklistRequestSchema,
  refreshRequestSchema,
  ssoAuthRequestSchema,
  ssoTokenCreateSchema,
  ssoTokenSchema,
  tokenPairSchema,
  tokenRequestSchema,
} from '@paylane/shared/contracts/auth';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/access';
import { publicRoute } from '../../plugins/rate-limit';
import { blacklistRefreshToken, obtainTokenPair, refreshTokenPair } from './auth.service';
import { exchangeSsoToken, issueSsoToken } from './sso.service';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.config.rateLimits;
  // Sign-in, refresh and logout share one generous budget per IP (offices sign in from one address); wrong
  // passwords have their own, tighter throttle (login-throttle.ts).
  const session = publicRoute(limits, 'session', limits.sessionPerIp);

  app.post(
    '/api/token/',
    { config: session, schema: { body: tokenRequestSchema, response: { 200: tokenPairSchema } } },
    (request) => obtainTokenPair(ctx, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/token/refresh/',
    { config: session, schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema } } },
    (request) => refreshTokenPair(ctx, request.body.refresh),
  );

  app.post(
    '/api/token/blacklist/',
    { config: session, schema: { body: blacklistRequestSchema, response: { 200: z.object({}) } } },
    async (request) => {
      await blacklistRefreshToken(ctx, request.body.refresh_token);
      return {};
    },
  );

  app.post(
    '/api/sso-auth/',
    {
      config: publicRoute(limits, 'sso'),
      schema: { body: ssoAuthRequestSchema, response: { 200: tokenPairSchema } },
    },
    (request) => exchangeSsoToken(ctx, request.body),
  );

  app.post(
    '/api/sso-tokens/',
    {
      config: { access: { superAdmin: true } },
      schema: { body: ssoTokenCreateSchema, response: { 201: ssoTokenSchema } },
    },
    async (request, reply) => {
      const token = await issueSsoToken(ctx, {
        userId: request.body.user_id,
        createdByUserId: currentUser(request).id,
      });
      return reply.status(201).send(token);
    },
  );
};
