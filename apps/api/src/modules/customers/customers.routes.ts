import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerCreateSchema,
  customerPageSchema,
  customerSchema,
  customersQuerySchema,
  customerWriteSchema,
  lastViewedAnswerSchema,
} from '@paylane/shared/contracts/customers';
import type { AppContext } from '../../context';
import { listCustomers } from './customers-list.service';
import {
  createCustomer,
  getCustomer,
  updateCustomer,
  updateLastViewed,
  voidCustomer,
} from './customers.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

export const customerParams = merchantParams.extend({ customer_id: z.string() });

/** docs/product.md §2 customer list, create, edit and void; §7 customer detail and update_last_viewed. */
export const customerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const create = { access: { merchant: 'createCustomer' } } as const;
  const update = { access: { merchant: 'updateCustomer' } } as const;
  const base = '/api/merchants/:merchant_id/customers/';
  const one = `${base}:customer_id/`;
  const customerIdOf = (request: { params: { customer_id: string } }) =>
    idOrNotFound(request.params.customer_id);

  app.get(
    base,
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: customersQuerySchema,
        response: { 200: customerPageSchema },
      },
    },
    async (request) => pageAnswer(request, await listCustomers(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: create,
      schema: { params: merchantParams, body: customerCreateSchema, response: { 201: customerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createCustomer(ctx, actorOf(request), request.body)),
  );

  app.get(
    one,
    { config: member, schema: { params: customerParams, response: { 200: customerSchema } } },
    (request) => getCustomer(ctx, merchantIdOf(request), customerIdOf(request)),
  );

  app.put(
    `${one}bp_information/`,
    {
      config: update,
      schema: { params: customerParams, body: customerWriteSchema, response: { 200: customerSchema } },
    },
    (request) => updateCustomer(ctx, actorOf(request), customerIdOf(request), request.body),
  );

  app.delete(one, { config: update, schema: { params: customerParams } }, async (request, reply) => {
    await voidCustomer(ctx, actorOf(request), customerIdOf(request));
    return reply.status(204).send();
  });

  app.post(
    `${one}update_last_viewed/`,
    { config: member, schema: { params: customerParams, response: { 200: lastViewedAnswerSchema } } },
    (request) => updateLastViewed(ctx, merchantIdOf(request), customerIdOf(request)),
  );
};
