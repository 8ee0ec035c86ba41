import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSummarySchema } from '@paylane/shared/contracts/home';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { getHomeSummary } from './home-summary.service';
import { merchantParams } from '../../kit/path-params';

/** GET .../home_summary/: Home's overview; every member of the merchant opens Home (docs/product.md §2, §6). */
export const homeSummaryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/home_summary/',
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantParams,
        response: { 200: homeSummarySchema },
      },
    },
    (request) => getHomeSummary(ctx, currentMerchantAccess(request).merchant),
  );
};
