import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxEntrySchema, inboxPageSchema, inboxQuerySchema } from '@paylane/shared/contracts/inbox';
import type { AppContext } from '../../context';
import { cursorPageAnswer } from '../../kit/paging';
import { getInboxEntry, listInbox } from './inbox.service';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams, merchantPath } from '../../kit/path-params';

const member = { access: { merchant: 'member' } } as const;

/** docs/product.md §2 Inbox: the conversation list and one conversation's entry (members). */
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
    async (request) => cursorPageAnswer(request, await listInbox(ctx, merchantIdOf(request), request.query)),
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
