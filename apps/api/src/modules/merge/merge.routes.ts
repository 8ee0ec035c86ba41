import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mergeAccountsPreviewSchema,
  mergeAccountsResultSchema,
  mergeAccountsSchema,
  mergeCustomersPreviewSchema,
  mergeCustomersResultSchema,
  mergeCustomersSchema,
} from '@paylane/shared/contracts/merge';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import { mergeAccounts, previewAccountMerge } from './merge-accounts.service';
import { mergeCustomers, previewCustomerMerge } from './merge-customers.service';
import type { Actor } from './merge-shared';

const params = z.object({ merchant_id: z.string() });

const merchantIdOf = (request: FastifyRequest) => currentMerchantAccess(request).merchant.id;
const actorOf = (request: FastifyRequest): Actor => ({
  merchantId: merchantIdOf(request),
  userId: request.user?.id ?? null,
  ip: request.ip,
});

/** Spec §2 Tools and §7 merge_customers, merge_accounts: admins (capability mergeRecords). */
export const mergeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { access: { merchant: 'mergeRecords' } } as const;
  const customersPath = '/api/merchants/:merchant_id/merge_customers/';
  const accountsPath = '/api/merchants/:merchant_id/merge_accounts/';

  app.post(
    `${customersPath}preview/`,
    {
      config,
      schema: { params, body: mergeCustomersSchema, response: { 200: mergeCustomersPreviewSchema } },
    },
    (request) => previewCustomerMerge(ctx, merchantIdOf(request), request.body),
  );

  app.post(
    customersPath,
    { config, schema: { params, body: mergeCustomersSchema, response: { 200: mergeCustomersResultSchema } } },
    (request) => mergeCustomers(ctx, actorOf(request), request.body),
  );

  app.post(
    `${accountsPath}preview/`,
    { config, schema: { params, body: mergeAccountsSchema, response: { 200: mergeAccountsPreviewSchema } } },
    (request) => previewAccountMerge(ctx, merchantIdOf(request), request.body),
  );

  app.post(
    accountsPath,
    { config, schema: { params, body: mergeAccountsSchema, response: { 200: mergeAccountsResultSchema } } },
    (request) => mergeAccounts(ctx, actorOf(request), request.body),
  );
};
