import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@paylane/shared/contracts/auth';
import type { AppContext } from '../../context';
import { limitByKey, publicRoute } from '../../plugins/rate-limit';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.config.rateLimits;
  // Per address too, whoever asks: nobody fills a person's mailbox from many IPs. Counted for unknown
  // addresses alike, so a refusal tells nothing about who has an account.
  const limitPerEmail = limitByKey(app, {
    group: 'password-reset|email',
    max: limits.resetPerEmail,
    windowSeconds: limits.windowSeconds,
    key: (request) => passwordResetRequestSchema.parse(request.body).email.toLowerCase(),
  });

  app.post(
    '/api/password-reset/',
    {
      config: publicRoute(limits, 'password-reset'),
      preHandler: limitPerEmail,
      schema: { body: passwordResetRequestSchema, response: { 200: detailSchema } },
    },
    (request) => requestPasswordReset(ctx, request.body.email),
  );

  app.post(
    '/api/password-reset/confirm/',
    {
      config: publicRoute(limits, 'password-reset-confirm'),
      schema: { body: passwordResetConfirmSchema, response: { 200: detailSchema } },
    },
    (request) => confirmPasswordReset(ctx, request.body),
  );
};
