import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentLinkSchema, paymentLinkSchema } from '@paylane/shared/contracts/pay-links';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';
import { createPaymentLink, requestPayment } from './pay-links.service';

const accountParams = merchantPath('customer_id', 'account_id');
const base = '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id';
const headers = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() });

/** create_payment_link and requested_payment (docs/product.md §7; issue 16 items 4 and 6): members. */
export const payLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    `${base}/create_payment_link/`,
    {
      config: { access: { merchant: 'member' } },
      schema: { params: accountParams, body: createPaymentLinkSchema, response: { 201: paymentLinkSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createPaymentLink(ctx, actorOf(request), {
          customerId: request.params.customer_id,
          accountId: request.params.account_id,
        }),
      ),
  );

  app.post(
    `${base}/requested_payment/`,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: accountParams,
        headers,
        body: createPaymentLinkSchema,
        response: { 201: paymentLinkSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await requestPayment(ctx, actorOf(request), {
          customerId: request.params.customer_id,
          accountId: request.params.account_id,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
        }),
      ),
  );
};
