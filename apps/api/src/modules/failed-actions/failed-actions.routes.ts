import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkFailedActionAnswerSchema,
  bulkFailedActionSchema,
  failedActionListQuerySchema,
  failedActionPageSchema,
  failedActionSchema,
} from '@paylane/shared/contracts/failed-actions';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { pageAnswer } from '../../kit/paging';
import { merchantParams, merchantPath } from '../../kit/path-params';
import { callerCan } from '../../plugins/access';
import { retryFailedAction, type RetryTaker } from './failed-action-retry.service';
import {
  actOnEach,
  bulkTargets,
  listMerchantFailedActions,
  resolveFailedAction,
} from './failed-actions.service';

const path = '/api/merchants/:merchant_id/failed-actions/';
// Failed payments are followed up by whoever may take a payment — every member of the merchant, as 'Take
// Payment' (docs/product.md §6); a retry charges within the caller's own role limits.
const member = { access: { merchant: 'member' } } as const;

const takerOf = (request: FastifyRequest): RetryTaker => ({
  actor: actorOf(request),
  canExceedRoleLimits: callerCan(request, 'exceedRolePaymentLimits'),
});
const resolverOf = (request: FastifyRequest) => ({
  merchantId: merchantIdOf(request),
  userId: actorOf(request).userId,
});

/** docs/product.md §7 failed actions (issue 18 item 4): the list, resolve and retry, one and in bulk. */
export const failedActionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    path,
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: failedActionListQuerySchema,
        response: { 200: failedActionPageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listMerchantFailedActions(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    `${path}:action_id/resolve/`,
    {
      config: member,
      schema: { params: merchantPath('action_id'), response: { 200: failedActionSchema } },
    },
    async (request) => resolveFailedAction(ctx, resolverOf(request), request.params.action_id),
  );

  app.post(
    `${path}:action_id/retry/`,
    {
      config: member,
      schema: { params: merchantPath('action_id'), response: { 200: failedActionSchema } },
    },
    async (request) => retryFailedAction(ctx, takerOf(request), request.params.action_id),
  );

  app.post(
    `${path}resolve/`,
    {
      config: member,
      schema: {
        params: merchantParams,
        body: bulkFailedActionSchema,
        response: { 200: bulkFailedActionAnswerSchema },
      },
    },
    async (request) => {
      const resolver = resolverOf(request);
      const ids = await bulkTargets(ctx, resolver.merchantId, request.body);
      return actOnEach(ctx, resolver.merchantId, ids, (id) => resolveFailedAction(ctx, resolver, id));
    },
  );

  app.post(
    `${path}retry/`,
    {
      config: member,
      schema: {
        params: merchantParams,
        body: bulkFailedActionSchema,
        response: { 200: bulkFailedActionAnswerSchema },
      },
    },
    async (request) => {
      const taker = takerOf(request);
      const merchantId = taker.actor.merchantId;
      const ids = await bulkTargets(ctx, merchantId, request.body);
      return actOnEach(ctx, merchantId, ids, (id) => retryFailedAction(ctx, taker, id));
    },
  );
};
