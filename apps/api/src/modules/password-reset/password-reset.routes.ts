import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@paylane/shared/contracts/auth';
import type { AppContext } from '../../context';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const isPublic = { access: { public: true } } as const;

  app.post(
    '/api/password-reset/',
    { config: isPublic, schema: { body: passwordResetRequestSchema, response: { 200: detailSchema } } },
    (request) => requestPasswordReset(ctx, request.body.email),
  );

  app.post(
    '/api/password-reset/confirm/',
    { config: isPublic, schema: { body: passwordResetConfirmSchema, response: { 200: detailSchema } } },
    (request) => confirmPasswordReset(ctx, request.body),
  );
};
