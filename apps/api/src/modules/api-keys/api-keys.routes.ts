import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreateSchema,
  apiKeyPageSchema,
  apiKeySchema,
  apiKeysQuerySchema,
  createdApiKeySchema,
} from '@paylane/shared/contracts/api-keys';
import type { AppContext } from '../../context';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

const keyParams = merchantParams.extend({ api_key_id: z.string() });

/** docs/product.md §2 settings/api-keys, §6 super admins only, §7 api_keys (including revoke). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manage = { access: { merchant: 'manageApiKeys' } } as const;
  const base = '/api/merchants/:merchant_id/api_keys/';

  app.get(
    base,
    {
      config: manage,
      schema: {
        params: merchantParams,
        querystring: apiKeysQuerySchema,
        response: { 200: apiKeyPageSchema },
      },
    },
    async (request) => pageAnswer(request, await listApiKeys(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: manage,
      schema: { params: merchantParams, body: apiKeyCreateSchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(ctx, actorOf(request), request.body)),
  );

  app.post(
    `${base}:api_key_id/revoke/`,
    { config: manage, schema: { params: keyParams, response: { 200: apiKeySchema } } },
    (request) => {
      // A malformed id is simply not one of the merchant's keys.
      idOrNotFound(request.params.api_key_id);
      return revokeApiKey(ctx, actorOf(request), request.params.api_key_id);
    },
  );
};
