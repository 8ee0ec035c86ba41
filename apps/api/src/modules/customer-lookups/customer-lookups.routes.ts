import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerAccountRowPageSchema,
  customerAccountsQuerySchema,
  retrieveOptoutsAnswerSchema,
  retrieveOptoutsSchema,
} from '@paylane/shared/contracts/customer-lookups';
import type { AppContext } from '../../context';
import { pageAnswer } from '../../kit/paging';
import { ID_LIST_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { listMerchantCustomerAccounts, retrieveOptouts } from './customer-lookups.service';
import { merchantParams } from '../../kit/path-params';
import { merchantIdOf } from '../../kit/actor';

/** docs/product.md §7: retrieve customer optouts, and list merchant customer accounts (both POST, for members). */
export const customerLookupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;

  app.post(
    '/api/merchants/:merchant_id/customers/retrieve_optouts/',
    {
      config: member,
      // At most MAX_IDS_PER_REQUEST ids: a CSV of a whole book is looked up in several requests.
      bodyLimit: Math.max(ctx.config.bodyLimitBytes, ID_LIST_BODY_LIMIT_BYTES),
      schema: {
        params: merchantParams,
        body: retrieveOptoutsSchema,
        response: { 200: retrieveOptoutsAnswerSchema },
      },
    },
    (request) => retrieveOptouts(ctx, merchantIdOf(request), request.body),
  );

  app.post(
    '/api/merchants/:merchant_id/customer_accounts/',
    {
      config: member,
      schema: {
        params: merchantParams,
        body: customerAccountsQuerySchema,
        response: { 200: customerAccountRowPageSchema },
      },
    },
    // This list is asked for by POST (its customer ids would not fit a URL): its page comes in the body.
    async (request) =>
      pageAnswer(
        { url: request.url, query: request.body },
        await listMerchantCustomerAccounts(ctx, merchantIdOf(request), request.body),
      ),
  );
};
