import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ownerCreateSchema,
  ownerPageSchema,
  ownerSchema,
  ownersQuerySchema,
  ownerUpdateSchema,
} from '@paylane/shared/contracts/owners';
import type { AppContext } from '../../context';
import { createOwner, deleteOwner, getOwner, listOwners, updateOwner } from './owners.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

const ownerParams = merchantParams.extend({ owner_id: z.string() });

/** docs/product.md §2 owners (§7 'business owners'): admins and super admins only. Answers never carry the SSN. */
export const ownerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manage = { access: { merchant: 'manageMerchantSetup' } } as const;
  const base = '/api/merchants/:merchant_id/business_owners/';

  app.get(
    base,
    {
      config: manage,
      schema: { params: merchantParams, querystring: ownersQuerySchema, response: { 200: ownerPageSchema } },
    },
    async (request) => pageAnswer(request, await listOwners(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: manage,
      schema: { params: merchantParams, body: ownerCreateSchema, response: { 201: ownerSchema } },
    },
    async (request, reply) => reply.status(201).send(await createOwner(ctx, actorOf(request), request.body)),
  );

  app.get(
    `${base}:owner_id/`,
    { config: manage, schema: { params: ownerParams, response: { 200: ownerSchema } } },
    (request) => getOwner(ctx, merchantIdOf(request), idOrNotFound(request.params.owner_id)),
  );

  app.put(
    `${base}:owner_id/`,
    {
      config: manage,
      schema: { params: ownerParams, body: ownerUpdateSchema, response: { 200: ownerSchema } },
    },
    (request) => updateOwner(ctx, actorOf(request), idOrNotFound(request.params.owner_id), request.body),
  );

  app.delete(
    `${base}:owner_id/`,
    { config: manage, schema: { params: ownerParams } },
    async (request, reply) => {
      await deleteOwner(ctx, actorOf(request), idOrNotFound(request.params.owner_id));
      return reply.status(204).send();
    },
  );
};
