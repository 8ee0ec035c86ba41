import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorQuerySchema, historyPageSchema } from '@paylane/shared/contracts/customers';
import type { AppContext } from '../../context';
import { cursorPageAnswer } from '../../kit/paging';
import { idOrNotFound } from '../../kit/path-params';
import { currentMerchantAccess } from '../../plugins/access';
import { listCustomerHistory } from './customer-history.service';

const historyParams = z.object({ merchant_id: z.string(), customer_id: z.string() });

/** GET .../customers/{customer_id}/history/?cursor=&page_size= (members). */
export const customerHistoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/customers/:customer_id/history/',
    {
      config: { access: { merchant: 'member' } },
      schema: { params: historyParams, querystring: cursorQuerySchema, response: { 200: historyPageSchema } },
    },
    async (request) => {
      const customerId = idOrNotFound(request.params.customer_id);
      const merchantId = currentMerchantAccess(request).merchant.id;
      return cursorPageAnswer(request, await listCustomerHistory(ctx, merchantId, customerId, request.query));
    },
  );
};
