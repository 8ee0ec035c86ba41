import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageListRowSchema } from '@paylane/shared/contracts/inbox';
import { pageOf, pageQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { listHomeMessages, type HomeList } from './home-messages.service';
import { pageAnswer } from '../../kit/paging';

const lists: HomeList[] = ['missed_messages', 'customer_replies', 'auto_messages'];
const pageSchema = pageOf(messageListRowSchema);

/** GET .../missed_messages/, customer_replies/, auto_messages/ (members; page-number lists). */
export const homeMessageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const list of lists) {
    app.get(
      `/api/merchants/:merchant_id/${list}/`,
      {
        config: { access: { merchant: 'member' } },
        schema: {
          params: z.object({ merchant_id: z.string() }),
          querystring: pageQuerySchema,
          response: { 200: pageSchema },
        },
      },
      async (request) =>
        pageAnswer(
          request,
          await listHomeMessages(ctx, currentMerchantAccess(request).merchant.id, list, request.query),
        ),
    );
  }
};
