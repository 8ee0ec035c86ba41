import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchMessageListQuerySchema,
  batchMessagePageSchema,
  messageBatchListQuerySchema,
  messageBatchPageSchema,
  messageBatchSchema,
} from '@paylane/shared/contracts/messages';
import type { AppContext } from '../../context';
import {
  cancelPendingOfBatch,
  getMessageBatch,
  listMessageBatches,
  listMessagesOfBatch,
} from './message-batches.service';
import { pageAnswer } from '../../kit/paging';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

const batchParams = merchantParams.extend({ batch_id: z.string() });

/**
 * docs/product.md §2 /message-report: any member of the merchant reads the reports (staff follow their own texts' fate);
 * cancel_pending stops a mass text, so it needs what sending one needs (groupMessage).
 */
export const messageBatchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const base = '/api/merchants/:merchant_id/message_batches/';

  app.get(
    base,
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: messageBatchListQuerySchema,
        response: { 200: messageBatchPageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listMessageBatches(ctx, merchantIdOf(request), request.query)),
  );

  app.get(
    `${base}:batch_id/`,
    { config: member, schema: { params: batchParams, response: { 200: messageBatchSchema } } },
    (request) => getMessageBatch(ctx, merchantIdOf(request), request.params.batch_id),
  );

  app.get(
    `${base}:batch_id/messages/`,
    {
      config: member,
      schema: {
        params: batchParams,
        querystring: batchMessageListQuerySchema,
        response: { 200: batchMessagePageSchema },
      },
    },
    async (request) =>
      pageAnswer(
        request,
        await listMessagesOfBatch(ctx, merchantIdOf(request), request.params.batch_id, request.query),
      ),
  );

  app.post(
    `${base}:batch_id/cancel_pending/`,
    {
      config: { access: { merchant: 'groupMessage' } },
      schema: { params: batchParams, response: { 200: messageBatchSchema } },
    },
    (request) => cancelPendingOfBatch(ctx, merchantIdOf(request), request.params.batch_id),
  );
};
