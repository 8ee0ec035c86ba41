import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxEntrySchema, inboxPageSchema, inboxQuerySchema } from '@paylane/shared/contracts/inbox';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { cursorPageAnswer } from '../../kit/paging';
import { getInboxEntry, listInbox } from './inbox.service';

const member = { access: { merchant: 'member' } } as const;

/** Spec §2 Inbox: the conversation list and one conversation's entry (members). */
export const inboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/inbox/',
    {
      config: member,
      schema: {
        params: z.object({ merchant_id: z.string() }),
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
    },
    async (request) =>
      cursorPageAnswer(
        request,
        await listInbox(ctx, currentMerchantAccess(request).merchant.id, request.query),
      ),
  );

  app.get(
    '/api/merchants/:merchant_id/inbox/:customer_id/',
    {
      config: member,
      schema: {
        params: z.object({ merchant_id: z.string(), customer_id: z.string() }),
        response: { 200: inboxEntrySchema },
      },
    },
    (request) => getInboxEntry(ctx, currentMerchantAccess(request).merchant.id, request.params.customer_id),
  );
};
