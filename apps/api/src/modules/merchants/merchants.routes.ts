import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  merchantCreateSchema,
  merchantListQuerySchema,
  merchantSchema,
  merchantSummarySchema,
  merchantUpdateSchema,
  simplifiedListQuerySchema,
} from '@paylane/shared/contracts/merchants';
import { pageOf } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { currentUser, currentMerchantAccess } from '../../plugins/access';
import { merchantLogoRoutes } from './merchant-logos.routes';
import { userActorOf } from '../../kit/actor';
import { createMerchant, listMerchants, updateMerchant } from './merchants-admin.service';
import { listSwitchableMerchants, toMerchant } from './merchants.service';
import { pageAnswer } from '../../kit/paging';
import { merchantParams } from '../../kit/path-params';

export const merchantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/simplified_list/',
    {
      config: { access: { authenticated: true } },
      schema: { querystring: simplifiedListQuerySchema, response: { 200: pageOf(merchantSummarySchema) } },
    },
    async (request) =>
      pageAnswer(request, await listSwitchableMerchants(ctx, currentUser(request), request.query)),
  );

  // Super admins see every merchant; partners the ones they onboarded; the service refuses anyone else.
  app.get(
    '/api/merchants/',
    {
      config: { access: { authenticated: true } },
      schema: { querystring: merchantListQuerySchema, response: { 200: pageOf(merchantSchema) } },
    },
    async (request) => pageAnswer(request, await listMerchants(ctx, currentUser(request), request.query)),
  );

  app.post(
    '/api/merchants/',
    {
      config: { access: { superAdmin: true } },
      schema: { body: merchantCreateSchema, response: { 201: merchantSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createMerchant(ctx, userActorOf(request), request.body)),
  );

  app.get(
    '/api/merchants/:merchant_id/',
    {
      config: { access: { merchant: 'member' } },
      schema: { params: merchantParams, response: { 200: merchantSchema } },
    },
    (request) => toMerchant(currentMerchantAccess(request).merchant),
  );

  app.put(
    '/api/merchants/:merchant_id/',
    {
      config: { access: { merchant: 'manageMerchants' } },
      schema: { params: merchantParams, body: merchantUpdateSchema, response: { 200: merchantSchema } },
    },
    (request) =>
      updateMerchant(ctx, userActorOf(request), {
        before: toMerchant(currentMerchantAccess(request).merchant),
        data: request.body,
      }),
  );

  await app.register(merchantLogoRoutes, { ctx });
};
