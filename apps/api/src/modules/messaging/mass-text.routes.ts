import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sendCustomersMessageAnswerSchema,
  sendCustomersMessageSchema,
} from '@paylane/shared/contracts/messages';
import type { AppContext } from '../../context';
import { MASS_TEXT_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { callerCan, currentMerchantAccess } from '../../plugins/access';
import { sendCustomersMessage, type MassTextSender } from './mass-text.service';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

function senderOf(request: FastifyRequest): MassTextSender {
  const user = request.user;
  return {
    merchantId: merchantIdOf(request),
    userId: user?.id ?? null,
    collectorName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    mayWriteFreeText: callerCan(request, 'freeText'),
    senderFields: currentMerchantAccess(request).merchant,
  };
}

const headersSchema = z.object({ 'idempotency-key': z.string().trim().max(200).optional() });

/** docs/product.md §7 send_customers_message: a mass text (the compose modal's Send). */
export const massTextRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/merchants/:merchant_id/customers/send_customers_message/',
    {
      config: { access: { merchant: 'groupMessage' } },
      // Up to MAX_RECIPIENTS of our ids: the app-wide 1 MB limit is too small, 100,000 long strings too much.
      bodyLimit: Math.max(ctx.config.bodyLimitBytes, MASS_TEXT_BODY_LIMIT_BYTES),
      schema: {
        params: merchantParams,
        headers: headersSchema,
        body: sendCustomersMessageSchema,
        response: { 200: sendCustomersMessageAnswerSchema },
      },
    },
    (request) =>
      sendCustomersMessage(ctx, senderOf(request), request.body, request.headers['idempotency-key'] || null),
  );
};
