import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  refundPaymentSchema,
  refundSchema,
  refundTransactionSchema,
} from '@paylane/shared/contracts/refunds';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';
import { refundPayment, refundTransaction } from './refund-payment.service';

// docs/conventions.md §4: writes that move money accept an Idempotency-Key; Stripe's limit is 255 characters.
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(255).optional() });

/**
 * Refunds (docs/product.md §7 refund_payment and refund_transaction), under the merchant: the payment and its
 * sources are named in the body, as a misc payment has no account. is_payment_refund_allowed (docs/product.md
 * §6): admins and super admins, or a custom role with the flag — the `correctPayments` capability.
 */
export const refundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/merchants/:merchant_id/refund_payment/',
    {
      config: { access: { merchant: 'correctPayments' } },
      schema: {
        params: merchantParams,
        headers: idempotencyHeaders,
        body: refundPaymentSchema,
        response: { 201: refundSchema },
      },
    },
    async (request, reply) => {
      const refund = await refundPayment(
        ctx,
        { actor: actorOf(request), idempotencyKey: request.headers['idempotency-key'] ?? null },
        request.body,
      );
      return reply.code(201).send(refund);
    },
  );

  app.post(
    '/api/merchants/:merchant_id/refund_transaction/',
    {
      config: { access: { merchant: 'correctPayments' } },
      schema: {
        params: merchantParams,
        headers: idempotencyHeaders,
        body: refundTransactionSchema,
        response: { 201: refundSchema },
      },
    },
    async (request, reply) => {
      const refund = await refundTransaction(
        ctx,
        { actor: actorOf(request), idempotencyKey: request.headers['idempotency-key'] ?? null },
        request.body,
      );
      return reply.code(201).send(refund);
    },
  );
};
