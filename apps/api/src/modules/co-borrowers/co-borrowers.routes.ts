import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCoBorrowersSchema, coBorrowerLinkSchema } from '@paylane/shared/contracts/co-borrowers';
import type { AppContext } from '../../context';
import {
  checkAccountPath,
  linkCoBorrower,
  listAccountCoBorrowers,
  unlinkCoBorrower,
} from './co-borrowers.service';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantPath } from '../../kit/path-params';

const accountParams = merchantPath('customer_id', 'account_id');
// The co-borrower is named by their customer id.
const coBorrowerParams = accountParams.extend({ co_borrower_id: z.string() });

const accountPathOf = (params: { customer_id: string; account_id: string }) => ({
  customerId: params.customer_id,
  accountId: params.account_id,
});

/** docs/product.md §2 customer page, co-borrowers sub-view: members read; linking and unlinking edit the customer. */
export const coBorrowerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const write = { access: { merchant: 'updateCustomer' } } as const;
  const base = '/api/merchants/:merchant_id/customers/:customer_id/accounts/:account_id/co_borrowers/';

  app.get(
    base,
    { config: member, schema: { params: accountParams, response: { 200: accountCoBorrowersSchema } } },
    (request) => listAccountCoBorrowers(ctx, merchantIdOf(request), accountPathOf(request.params)),
  );

  app.post(
    base,
    {
      config: write,
      // Before validation: another merchant's customer or account is refused whatever the body says.
      preValidation: (request) =>
        checkAccountPath(
          ctx,
          merchantIdOf(request),
          accountPathOf(request.params as { customer_id: string; account_id: string }),
        ),
      schema: {
        params: accountParams,
        body: coBorrowerLinkSchema,
        response: { 201: accountCoBorrowersSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await linkCoBorrower(ctx, actorOf(request), accountPathOf(request.params), request.body)),
  );

  app.delete(
    `${base}:co_borrower_id/`,
    { config: write, schema: { params: coBorrowerParams, response: { 200: accountCoBorrowersSchema } } },
    (request) =>
      unlinkCoBorrower(ctx, actorOf(request), {
        ...accountPathOf(request.params),
        coBorrowerId: request.params.co_borrower_id,
      }),
  );
};
