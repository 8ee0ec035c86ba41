import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorQuerySchema, historyPageSchema } from '@paylane/shared/contracts/customers';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-errors';
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
    (request) => {
      // A malformed id is simply not one of the merchant's customers.
      if (!z.uuid().safeParse(request.params.customer_id).success) throw notFound();
      return listCustomerHistory(
        ctx,
        currentMerchantAccess(request).merchant.id,
        request.params.customer_id,
        {
          ...request.query,
          url: request.url,
        },
      );
    },
  );
};
