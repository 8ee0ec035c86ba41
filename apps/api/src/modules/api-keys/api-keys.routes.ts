import type { FastifyRequest } from 'fastify';
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
import { notFound } from '../../kit/errors';
import { currentMerchantAccess } from '../../plugins/access';
import { createApiKey, listApiKeys, revokeApiKey, type Actor } from './api-keys.service';
import { pageAnswer } from '../../kit/paging';

const merchantParams = z.object({ merchant_id: z.string() });
const keyParams = merchantParams.extend({ api_key_id: z.string() });

const actorOf = (request: FastifyRequest): Actor => ({
  merchantId: currentMerchantAccess(request).merchant.id,
  userId: request.user?.id ?? null,
  ip: request.ip,
});

/** Spec §2 settings/api-keys, §6 super admins only, §7 api_keys (including revoke). */
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
    async (request) =>
      pageAnswer(request, await listApiKeys(ctx, currentMerchantAccess(request).merchant.id, request.query)),
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
      if (!z.uuid().safeParse(request.params.api_key_id).success) throw notFound();
      return revokeApiKey(ctx, actorOf(request), request.params.api_key_id);
    },
  );
};
