import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  merchantSchema,
  merchantSummarySchema,
  simplifiedListQuerySchema,
} from '@paylane/shared/contracts/merchants';
import { pageOf } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { currentUser, currentMerchantAccess } from '../../plugins/access';
import { listSwitchableMerchants, toMerchant } from './merchants.service';

export const merchantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/simplified_list/',
    {
      config: { access: { authenticated: true } },
      schema: { querystring: simplifiedListQuerySchema, response: { 200: pageOf(merchantSummarySchema) } },
    },
    (request) => listSwitchableMerchants(ctx, currentUser(request), { ...request.query, url: request.url }),
  );

  app.get(
    '/api/merchants/:merchant_id/',
    {
      config: { access: { merchant: 'member' } },
      schema: { params: z.object({ merchant_id: z.string() }), response: { 200: merchantSchema } },
    },
    (request) => toMerchant(currentMerchantAccess(request).merchant),
  );
};
