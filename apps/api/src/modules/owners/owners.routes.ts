import type { FastifyRequest } from 'fastify';
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
import { notFound } from '../../kit/errors';
import { currentMerchantAccess } from '../../plugins/access';
import { createOwner, deleteOwner, getOwner, listOwners, updateOwner, type Actor } from './owners.service';
import { pageAnswer } from '../../kit/paging';

const merchantParams = z.object({ merchant_id: z.string() });
const ownerParams = merchantParams.extend({ owner_id: z.string() });
// A malformed id is simply not one of the merchant's owners: 404, like any other unknown id.
const ownerId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw notFound();
  return id;
};

const actorOf = (request: FastifyRequest): Actor => ({
  merchantId: currentMerchantAccess(request).merchant.id,
  userId: request.user?.id ?? null,
  ip: request.ip,
});

/** Spec §2 owners (§7 'business owners'): admins and super admins only. Answers never carry the SSN. */
export const ownerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manage = { access: { merchant: 'manageMerchantSetup' } } as const;
  const base = '/api/merchants/:merchant_id/business_owners/';

  app.get(
    base,
    {
      config: manage,
      schema: { params: merchantParams, querystring: ownersQuerySchema, response: { 200: ownerPageSchema } },
    },
    async (request) =>
      pageAnswer(request, await listOwners(ctx, currentMerchantAccess(request).merchant.id, request.query)),
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
    (request) => getOwner(ctx, currentMerchantAccess(request).merchant.id, ownerId(request.params.owner_id)),
  );

  app.put(
    `${base}:owner_id/`,
    {
      config: manage,
      schema: { params: ownerParams, body: ownerUpdateSchema, response: { 200: ownerSchema } },
    },
    (request) => updateOwner(ctx, actorOf(request), ownerId(request.params.owner_id), request.body),
  );

  app.delete(
    `${base}:owner_id/`,
    { config: manage, schema: { params: ownerParams } },
    async (request, reply) => {
      await deleteOwner(ctx, actorOf(request), ownerId(request.params.owner_id));
      return reply.status(204).send();
    },
  );
};
