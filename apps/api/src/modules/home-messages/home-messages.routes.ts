import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageListRowSchema } from '@paylane/shared/contracts/inbox';
import { pageOf, pageQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { listHomeMessages, type HomeList } from './home-messages.service';
import { pageAnswer } from '../../kit/paging';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

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
          params: merchantParams,
          querystring: pageQuerySchema,
          response: { 200: pageSchema },
        },
      },
      async (request) =>
        pageAnswer(request, await listHomeMessages(ctx, merchantIdOf(request), list, request.query)),
    );
  }
};
