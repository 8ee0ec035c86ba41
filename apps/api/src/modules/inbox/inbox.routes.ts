import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inboxCountsSchema,
  inboxEntrySchema,
  inboxPageSchema,
  inboxQuerySchema,
  snoozeInputSchema,
} from '@paylane/shared/contracts/inbox';
import type { AppContext } from '../../context';
import { cursorPageAnswer } from '../../kit/paging';
import { countInbox, getInboxEntry, listInbox, resolveConversation } from './inbox.service';
import { snoozeConversation, wakeConversation } from './inbox-snooze.service';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, merchantPath } from '../../kit/path-params';

const member = { access: { merchant: 'member' } } as const;

/**
 * docs/product.md §2 Inbox: the conversation list and one conversation's entry (members); issue 20's counts
 * for the navigation, Resolve (Needs reply) and Snooze.
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

  const snoozePath = '/api/merchants/:merchant_id/inbox/:customer_id/snooze/';
  const snoozeParams = merchantPath('customer_id');
  app.post(
    snoozePath,
    {
      config: member,
      schema: { params: snoozeParams, body: snoozeInputSchema, response: { 200: inboxEntrySchema } },
    },
    (request) => snoozeConversation(ctx, merchantIdOf(request), request.params.customer_id, request.body),
  );
  app.delete(
    snoozePath,
    { config: member, schema: { params: snoozeParams, response: { 200: inboxEntrySchema } } },
    (request) => wakeConversation(ctx, merchantIdOf(request), request.params.customer_id),
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
