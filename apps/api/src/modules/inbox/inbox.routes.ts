import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inboxCountsSchema,
  inboxEntrySchema,
  inboxPageSchema,
  inboxQuerySchema,
} from '@paylane/shared/contracts/inbox';
import type { AppContext } from '../../context';
import { cursorPageAnswer } from '../../kit/paging';
import { countInbox, getInboxEntry, listInbox, resolveConversation } from './inbox.service';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, merchantPath } from '../../kit/path-params';

const member = { access: { merchant: 'member' } } as const;

/**
 * docs/product.md §2 Inbox: the conversation list and one conversation's entry (members); issue 20's counts
 * for the navigation and Resolve (Needs reply).
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/inbox/',
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
    },
    async (request) => cursorPageAnswer(request, await listInbox(ctx, actorOf(request), request.query)),
  );

  app.get(
    '/api/merchants/:merchant_id/inbox/counts/',
    { config: member, schema: { params: merchantParams, response: { 200: inboxCountsSchema } } },
    (request) => countInbox(ctx, merchantIdOf(request)),
  );

  app.post(
    '/api/merchants/:merchant_id/inbox/:customer_id/resolve/',
    {
      config: member,
      schema: { params: merchantPath('customer_id'), response: { 200: inboxEntrySchema } },
    },
    (request) => resolveConversation(ctx, merchantIdOf(request), request.params.customer_id),
  );

  app.get(
    '/api/merchants/:merchant_id/inbox/:customer_id/',
    {
      config: member,
      schema: {
        params: merchantPath('customer_id'),
        response: { 200: inboxEntrySchema },
      },
    },
    (request) => getInboxEntry(ctx, merchantIdOf(request), request.params.customer_id),
  );
};
