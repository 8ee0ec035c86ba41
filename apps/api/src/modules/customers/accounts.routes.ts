import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountWriteSchema, customerAccountSchema } from '@paylane/shared/contracts/customers';
import type { AppContext } from '../../context';
import { createAccount, updateAccount } from './accounts.service';
import { idOrNotFound } from '../../kit/path-params';
import { customerParams } from './customers.routes';
import { actorOf } from '../../kit/actor';

const accountParams = customerParams.extend({ account_id: z.string() });

/** Accounts of a customer: add one, or replace one (fields and tags), as seen from that customer. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const update = { access: { merchant: 'updateCustomer' } } as const;
  const base = '/api/merchants/:merchant_id/customers/:customer_id/accounts/';

  app.post(
    base,
    {
      config: update,
      schema: { params: customerParams, body: accountWriteSchema, response: { 201: customerAccountSchema } },
    },
    async (request, reply) => {
      const customerId = idOrNotFound(request.params.customer_id);
      return reply.status(201).send(await createAccount(ctx, actorOf(request), customerId, request.body));
    },
  );

  app.put(
    `${base}:account_id/`,
    {
      config: update,
      schema: { params: accountParams, body: accountWriteSchema, response: { 200: customerAccountSchema } },
    },
    (request) =>
      updateAccount(
        ctx,
        actorOf(request),
        {
          customerId: idOrNotFound(request.params.customer_id),
          accountId: idOrNotFound(request.params.account_id),
        },
        request.body,
      ),
  );
};
