import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mergeAccountsPreviewSchema,
  mergeAccountsResultSchema,
  mergeAccountsSchema,
  mergeCustomersPreviewSchema,
  mergeCustomersResultSchema,
  mergeCustomersSchema,
} from '@paylane/shared/contracts/duplicates';
import type { AppContext } from '../../context';
import { mergeAccounts, previewAccountMerge } from './merge-accounts.service';
import { mergeCustomers, previewCustomerMerge } from './merge-customers.service';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

/** docs/product.md §2 Tools and §7 merge_customers, merge_accounts: admins (capability mergeRecords). */
export const duplicateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { access: { merchant: 'mergeRecords' } } as const;
  const customersPath = '/api/merchants/:merchant_id/merge_customers/';
  const accountsPath = '/api/merchants/:merchant_id/merge_accounts/';

  app.post(
    `${customersPath}preview/`,
    {
      config,
      schema: { merchantParams, body: mergeCustomersSchema, response: { 200: mergeCustomersPreviewSchema } },
    },
    (request) => previewCustomerMerge(ctx, merchantIdOf(request), request.body),
  );

  app.post(
    customersPath,
    {
      config,
      schema: { merchantParams, body: mergeCustomersSchema, response: { 200: mergeCustomersResultSchema } },
    },
    (request) => mergeCustomers(ctx, actorOf(request), request.body),
  );

  app.post(
    `${accountsPath}preview/`,
    {
      config,
      schema: { merchantParams, body: mergeAccountsSchema, response: { 200: mergeAccountsPreviewSchema } },
    },
    (request) => previewAccountMerge(ctx, merchantIdOf(request), request.body),
  );

  app.post(
    accountsPath,
    {
      config,
      schema: { merchantParams, body: mergeAccountsSchema, response: { 200: mergeAccountsResultSchema } },
    },
    (request) => mergeAccounts(ctx, actorOf(request), request.body),
  );
};
