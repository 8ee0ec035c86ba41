import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timelinePageSchema, timelineQuerySchema } from '@paylane/shared/contracts/customer-timeline';
import type { AppContext } from '../../context';
import { merchantIdOf } from '../../kit/actor';
import { cursorPageAnswer } from '../../kit/paging';
import { idOrNotFound, merchantPath } from '../../kit/path-params';
import { listCustomerTimeline } from './customer-timeline.service';

const timelineParams = merchantPath('customer_id');

/**
 * GET .../customers/{customer_id}/timeline/?cursor=&page_size=&kind= (members, like the customer's history,
 * notes and messages it gathers).
 */
export const customerTimelineRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/customers/:customer_id/timeline/',
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: timelineParams,
        querystring: timelineQuerySchema,
        response: { 200: timelinePageSchema },
      },
    },
    async (request) => {
      const customerId = idOrNotFound(request.params.customer_id);
      const merchantId = merchantIdOf(request);
      return cursorPageAnswer(
        request,
        await listCustomerTimeline(ctx, merchantId, customerId, request.query),
      );
    },
  );
};
