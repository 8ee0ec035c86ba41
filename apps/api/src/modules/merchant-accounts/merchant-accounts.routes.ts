import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  merchantAccountPageSchema,
  merchantAccountSchema,
  merchantAccountsQuerySchema,
  merchantAccountWriteSchema,
} from '@paylane/shared/contracts/merchant-accounts';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { currentMerchantAccess } from '../../plugins/access';
import {
  createMerchantAccount,
  getMerchantAccount,
  listMerchantAccounts,
  updateMerchantAccount,
  type Actor,
} from './merchant-accounts.service';
import { pageAnswer } from '../../kit/paging';

const merchantParams = z.object({ merchant_id: z.string() });
const accountParams = merchantParams.extend({ merchant_account_id: z.string() });
// A malformed id is simply not one of the merchant's accounts: 404, like any other unknown id.
const accountId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw notFound();
  return id;
};

const actorOf = (request: FastifyRequest): Actor => ({
  merchantId: currentMerchantAccess(request).merchant.id,
  userId: request.user?.id ?? null,
  ip: request.ip,
});

/** Spec §2 merchant accounts and §7 GET .../merchant_accounts/: admins and super admins only (fees, volumes). */
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
      pageAnswer(
        request,
        await listMerchantAccounts(ctx, currentMerchantAccess(request).merchant.id, request.query),
      ),
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
      getMerchantAccount(
        ctx,
        currentMerchantAccess(request).merchant.id,
        accountId(request.params.merchant_account_id),
      ),
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
        accountId(request.params.merchant_account_id),
        request.body,
      ),
  );
};
