import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import {
  cancelScheduledPaymentSchema,
  createPromiseSchema,
  promisePageSchema,
  promiseListQuerySchema,
  promiseSchema,
  promiseSummarySchema,
  scheduledSummarySchema,
} from '@paylane/shared/contracts/promises';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { pageAnswer } from '../../kit/paging';
import { merchantParams, merchantPath } from '../../kit/path-params';
import { callerCan, currentMerchantAccess } from '../../plugins/access';
import {
  cancelPromise,
  checkPromiseAccountPath,
  confirmPromise,
  createPromise,
  listAccountPromises,
  listMerchantPromises,
  promiseSummary,
  scheduledSummary,
} from './promises.service';

const path = '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/promises/';
// docs/conventions.md §4: writes that move money accept an Idempotency-Key (Stripe's limit is 255 characters).
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(255).optional() });
// Reading promises is reading the customer page; making, confirming and cancelling them is for whoever may
// take a payment (docs/product.md §6: every member, as 'Take Payment').
const member = { access: { merchant: 'member' } } as const;

const accountPathOf = (request: FastifyRequest) => {
  const params = request.params as { customer_id: string; account_id: string };
  return { merchantId: merchantIdOf(request), customerId: params.customer_id, accountId: params.account_id };
};

/** Promises to pay and scheduled payments (docs/product.md §7 promises, cancel_scheduled_payment; issue 17). */
export const promiseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const merchantOf = (request: Parameters<typeof currentMerchantAccess>[0]) => {
    const { merchant } = currentMerchantAccess(request);
    return { id: merchant.id, timeZone: merchant.timeZone };
  };

  app.get(
    path,
    {
      config: member,
      schema: {
        params: merchantPath('customer_id', 'account_id'),
        querystring: pageQuerySchema,
        response: { 200: promisePageSchema },
      },
    },
    async (request) =>
      pageAnswer(
        request,
        await listAccountPromises(
          ctx,
          {
            merchantId: merchantIdOf(request),
            customerId: request.params.customer_id,
            accountId: request.params.account_id,
          },
          request.query,
        ),
      ),
  );

  app.post(
    path,
    {
      config: member,
      // Before validation: another merchant's customer or account is refused whatever the body says.
      preValidation: (request) => checkPromiseAccountPath(ctx, accountPathOf(request)),
      schema: {
        params: merchantPath('customer_id', 'account_id'),
        headers: idempotencyHeaders,
        body: createPromiseSchema,
        response: { 201: promiseSchema },
      },
    },
    async (request, reply) => {
      const promise = await createPromise(
        ctx,
        { actor: actorOf(request), canExceedRoleLimits: callerCan(request, 'exceedRolePaymentLimits') },
        {
          ...request.body,
          customerId: request.params.customer_id,
          accountId: request.params.account_id,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
        },
      );
      return reply.code(201).send(promise);
    },
  );

  app.post(
    `${path}:promise_id/confirm/`,
    {
      config: member,
      schema: {
        params: merchantPath('customer_id', 'account_id', 'promise_id'),
        response: { 200: promiseSchema },
      },
    },
    async (request) =>
      confirmPromise(ctx, actorOf(request), {
        customerId: request.params.customer_id,
        accountId: request.params.account_id,
        promiseId: request.params.promise_id,
      }),
  );

  app.post(
    '/api/merchants/:merchant_id/cancel_scheduled_payment/',
    {
      config: member,
      schema: {
        params: merchantParams,
        body: cancelScheduledPaymentSchema,
        response: { 200: promiseSchema },
      },
    },
    async (request) => cancelPromise(ctx, actorOf(request), request.body.payment),
  );

  app.get(
    '/api/merchants/:merchant_id/promises/',
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: promiseListQuerySchema,
        response: { 200: promisePageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listMerchantPromises(ctx, merchantOf(request), request.query)),
  );

  app.get(
    '/api/merchants/:merchant_id/promise_summary/',
    { config: member, schema: { params: merchantParams, response: { 200: promiseSummarySchema } } },
    async (request) => promiseSummary(ctx, merchantOf(request)),
  );

  app.get(
    '/api/merchants/:merchant_id/scheduled_summary/',
    { config: member, schema: { params: merchantParams, response: { 200: scheduledSummarySchema } } },
    async (request) => scheduledSummary(ctx, merchantOf(request)),
  );
};
