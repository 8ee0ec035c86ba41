import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payLinkEntryStartSchema,
  payLinkPaySchema,
  payLinkReceiptSchema,
  payLinkSessionSchema,
  payLinkSummarySchema,
  payLinkVerifySchema,
} from '@paylane/shared/contracts/pay-links';
import { methodEntrySchema } from '@paylane/shared/contracts/payment-methods';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { publicRoute } from '../../plugins/rate-limit';
import { payPayLink, startPayLinkEntry } from './pay-link-payment.service';
import { openPayLink, requirePaySession, verifyPayLink } from './pay-page.service';

const params = z.object({ token: z.string() });
const sessionHeaders = z.object({ 'x-pay-session': z.string().max(200).optional() });
const payHeaders = sessionHeaders.extend({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
});

/**
 * The public pay page's API (issue 16 item 6): no sign-in, the link's secret in the path (redacted from logs
 * by lib/logging.ts), every call limited per client IP; the payer's verification has its own per-link limit.
 */
export const payPageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A payer opens, verifies, starts an entry and pays: a few calls each, so twice the usual budget.
  const isPublic = publicRoute(ctx.config.rateLimits, 'pay-link', ctx.config.rateLimits.perIp * 2);

  app.get(
    '/api/pay/:token/',
    { config: isPublic, schema: { params, response: { 200: payLinkSummarySchema } } },
    async (request) => openPayLink(ctx, request.params.token),
  );

  app.post(
    '/api/pay/:token/verify/',
    {
      config: isPublic,
      schema: { params, body: payLinkVerifySchema, response: { 200: payLinkSessionSchema } },
    },
    async (request) => verifyPayLink(ctx, request.params.token, request.body),
  );

  app.post(
    '/api/pay/:token/entry/',
    {
      config: isPublic,
      schema: {
        params,
        headers: sessionHeaders,
        body: payLinkEntryStartSchema,
        response: { 201: methodEntrySchema },
      },
    },
    async (request, reply) => {
      const view = await requirePaySession(ctx, request.params.token, request.headers['x-pay-session']);
      return reply.code(201).send(await startPayLinkEntry(ctx, view, request.body.kind));
    },
  );

  app.post(
    '/api/pay/:token/pay/',
    {
      config: isPublic,
      schema: {
        params,
        headers: payHeaders,
        body: payLinkPaySchema,
        response: { 201: payLinkReceiptSchema },
      },
    },
    async (request, reply) => {
      const view = await requirePaySession(ctx, request.params.token, request.headers['x-pay-session'], {
        mayBeSpent: true,
      });
      const receipt = await payPayLink(ctx, view, {
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
        ip: request.ip,
      });
      return reply.code(201).send(receipt);
    },
  );
};
