import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  locationPageSchema,
  locationSchema,
  locationsQuerySchema,
  locationWriteSchema,
} from '@paylane/shared/contracts/locations';
import type { AppContext } from '../../context';
import { createLocation, getLocation, listLocations, updateLocation } from './locations.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

const locationParams = merchantParams.extend({ location_id: z.string() });

/** docs/product.md §2 locations and §7 GET .../merchant_locations/ (page_size 1000). Members read; admins write. */
export const locationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const manage = { access: { merchant: 'manageMerchantSetup' } } as const;
  const base = '/api/merchants/:merchant_id/merchant_locations/';

  app.get(
    base,
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: locationsQuerySchema,
        response: { 200: locationPageSchema },
      },
    },
    async (request) => pageAnswer(request, await listLocations(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: manage,
      schema: { params: merchantParams, body: locationWriteSchema, response: { 201: locationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createLocation(ctx, actorOf(request), request.body)),
  );

  app.get(
    `${base}:location_id/`,
    { config: member, schema: { params: locationParams, response: { 200: locationSchema } } },
    (request) => getLocation(ctx, merchantIdOf(request), idOrNotFound(request.params.location_id)),
  );

  app.put(
    `${base}:location_id/`,
    {
      config: manage,
      schema: { params: locationParams, body: locationWriteSchema, response: { 200: locationSchema } },
    },
    (request) =>
      updateLocation(ctx, actorOf(request), idOrNotFound(request.params.location_id), request.body),
  );
};
