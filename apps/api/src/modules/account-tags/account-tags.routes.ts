import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountTagPageSchema,
  accountTagSchema,
  accountTagsQuerySchema,
  accountTagWriteSchema,
} from '@paylane/shared/contracts/account-tags';
import type { AppContext } from '../../context';
import {
  createAccountTag,
  deleteAccountTag,
  listAccountTags,
  renameAccountTag,
} from './account-tags.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

// A malformed id is simply not one of the merchant's tags: 404, like any other unknown id.
const tagParams = merchantParams.extend({ tag_id: z.string() });

/** docs/product.md §2 settings/tags and §7 GET .../account-tags/ (page_size 40). Members list; admins manage. */
export const accountTagRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manage = { access: { merchant: 'manageTags' } } as const;
  const base = '/api/merchants/:merchant_id/account-tags/';

  app.get(
    base,
    {
      config: { access: { merchant: 'member' } },
      schema: {
        params: merchantParams,
        querystring: accountTagsQuerySchema,
        response: { 200: accountTagPageSchema },
      },
    },
    async (request) => pageAnswer(request, await listAccountTags(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    base,
    {
      config: manage,
      schema: { params: merchantParams, body: accountTagWriteSchema, response: { 201: accountTagSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccountTag(ctx, actorOf(request), request.body)),
  );

  app.put(
    `${base}:tag_id/`,
    {
      config: manage,
      schema: { params: tagParams, body: accountTagWriteSchema, response: { 200: accountTagSchema } },
    },
    (request) => renameAccountTag(ctx, actorOf(request), idOrNotFound(request.params.tag_id), request.body),
  );

  app.delete(`${base}:tag_id/`, { config: manage, schema: { params: tagParams } }, async (request, reply) => {
    await deleteAccountTag(ctx, actorOf(request), idOrNotFound(request.params.tag_id));
    return reply.status(204).send();
  });
};
