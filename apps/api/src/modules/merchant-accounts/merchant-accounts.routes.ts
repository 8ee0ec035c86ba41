import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  merchantAccountPageSchema,
  merchantAccountSchema,
  merchantAccountsQuerySchema,
  merchantAccountWriteSchema,
} from '@paylane/shared/contracts/merchant-accounts';
import type { AppContext } from '../../context';
import {
  createMerchantAccount,
  getMerchantAccount,
  listMerchantAccounts,
  updateMerchantAccount,
} from './merchant-accounts.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

const accountParams = merchantParams.extend({ merchant_account_id: z.string() });

/** docs/product.md §2 merchant accounts and §7 GET .../merchant_accounts/: admins and super admins only (fees, volumes). */
export const merchantAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manage = { access: { merchant: 'manageMerchantSetup' } } as const;
  const base = '/api/merchants/:merchant_id/merchant_accounts/';

  app.get(
    base,
    {
      config: manage,
      schema: {
        params: merchantParams,
        querystring: merchantAccountsQuerySchema,
        response: { 200: merchantAccountPageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listMerchantAccounts(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: manage,
      schema: {
        params: merchantParams,
        body: merchantAccountWriteSchema,
        response: { 201: merchantAccountSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMerchantAccount(ctx, actorOf(request), request.body)),
  );

  app.get(
    `${base}:merchant_account_id/`,
    { config: manage, schema: { params: accountParams, response: { 200: merchantAccountSchema } } },
    (request) =>
      getMerchantAccount(ctx, merchantIdOf(request), idOrNotFound(request.params.merchant_account_id)),
  );

  app.put(
    `${base}:merchant_account_id/`,
    {
      config: manage,
      schema: {
        params: accountParams,
        body: merchantAccountWriteSchema,
        response: { 200: merchantAccountSchema },
      },
    },
    (request) =>
      updateMerchantAccount(
        ctx,
        actorOf(request),
        idOrNotFound(request.params.merchant_account_id),
        request.body,
      ),
  );
};
