import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyPageSchema } from '@paylane/shared/contracts/customer-history';
import { cursorQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { cursorPageAnswer } from '../../kit/paging';
import { idOrNotFound } from '../../kit/path-params';
import { listCustomerHistory } from './customer-history.service';
import { merchantIdOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';

const historyParams = merchantPath('customer_id');

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
      const merchantId = merchantIdOf(request);
      return cursorPageAnswer(request, await listCustomerHistory(ctx, merchantId, customerId, request.query));
    },
  );
};
