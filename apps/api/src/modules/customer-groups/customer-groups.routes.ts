import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCustomerGroupSchema,
  customerGroupDetailSchema,
  customerGroupListQuerySchema,
  customerGroupMemberPageSchema,
  customerGroupPageSchema,
  customerGroupWriteAnswerSchema,
  updateCustomerGroupSchema,
} from '@paylane/shared/contracts/customer-groups';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { currentMerchantAccess } from '../../plugins/access';
import {
  checkGroupPath,
  createCustomerGroup,
  deleteCustomerGroup,
  getCustomerGroup,
  listCustomerGroupMembers,
  listCustomerGroups,
  updateCustomerGroup,
  type GroupActor,
} from './customer-groups.service';

// 100,000 ids of up to 100 characters (a CSV of a whole book) exceed the usual body limit.
const MEMBERS_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

const merchantParams = z.object({ merchant_id: z.string() });
const groupParams = merchantParams.extend({ group_id: z.string() });

const merchantIdOf = (request: FastifyRequest) => currentMerchantAccess(request).merchant.id;
const actorOf = (request: FastifyRequest): GroupActor => ({
  merchantId: merchantIdOf(request),
  userId: request.user?.id ?? null,
});

/**
 * Spec §7 groups: every member reads them (the compose picker); writing needs groupMessage (spec §6 Group
 * Message: the merchant's allow_group_message, and admin, staff or is_customer_campaign_allowed), since a
 * group exists to send a mass text to.
 */
export const customerGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const write = { access: { merchant: 'groupMessage' } } as const;
  const bodyLimit = Math.max(ctx.config.bodyLimitBytes, MEMBERS_BODY_LIMIT_BYTES);
  const base = '/api/merchants/:merchant_id/customer_groups/';
  const one = `${base}:group_id/`;
  // Runs before validation: another merchant's group is refused whatever the body says.
  const checkPath = async (request: FastifyRequest) => {
    await checkGroupPath(ctx, merchantIdOf(request), (request.params as { group_id: string }).group_id);
  };

  app.get(
    base,
    {
      config: member,
      schema: {
        params: merchantParams,
        querystring: customerGroupListQuerySchema,
        response: { 200: customerGroupPageSchema },
      },
    },
    (request) => listCustomerGroups(ctx, merchantIdOf(request), { ...request.query, url: request.url }),
  );

  app.post(
    base,
    {
      config: write,
      bodyLimit,
      schema: {
        params: merchantParams,
        body: createCustomerGroupSchema,
        response: { 201: customerGroupWriteAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCustomerGroup(ctx, actorOf(request), request.body)),
  );

  app.get(
    one,
    {
      config: member,
      preValidation: checkPath,
      schema: { params: groupParams, response: { 200: customerGroupDetailSchema } },
    },
    (request) => getCustomerGroup(ctx, merchantIdOf(request), request.params.group_id),
  );

  app.get(
    `${one}members/`,
    {
      config: member,
      preValidation: checkPath,
      schema: {
        params: groupParams,
        querystring: pageQuerySchema,
        response: { 200: customerGroupMemberPageSchema },
      },
    },
    (request) =>
      listCustomerGroupMembers(ctx, merchantIdOf(request), request.params.group_id, {
        ...request.query,
        url: request.url,
      }),
  );

  app.put(
    one,
    {
      config: write,
      bodyLimit,
      preValidation: checkPath,
      schema: {
        params: groupParams,
        body: updateCustomerGroupSchema,
        response: { 200: customerGroupWriteAnswerSchema },
      },
    },
    (request) => updateCustomerGroup(ctx, actorOf(request), request.params.group_id, request.body),
  );

  app.delete(
    one,
    { config: write, preValidation: checkPath, schema: { params: groupParams } },
    async (request, reply) => {
      await deleteCustomerGroup(ctx, merchantIdOf(request), request.params.group_id);
      return reply.status(204).send();
    },
  );
};
