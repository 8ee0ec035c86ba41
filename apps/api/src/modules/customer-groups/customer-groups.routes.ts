import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCustomerGroupMembersSchema,
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
import { ID_LIST_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import {
  addCustomerGroupMembers,
  checkGroupPath,
  createCustomerGroup,
  deleteCustomerGroup,
  getCustomerGroup,
  listCustomerGroupMembers,
  listCustomerGroups,
  removeCustomerGroupMember,
  updateCustomerGroup,
} from './customer-groups.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

const groupParams = merchantParams.extend({ group_id: z.string() });
const memberParams = groupParams.extend({ customer_id: z.string() });

/**
 * docs/product.md §7 groups: every member reads them (the compose picker); writing needs groupMessage (docs/product.md §6 Group
 * Message: the merchant's allow_group_message, and admin, staff or is_customer_campaign_allowed), since a
 * group exists to send a mass text to.
 */
export const customerGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { access: { merchant: 'member' } } as const;
  const write = { access: { merchant: 'groupMessage' } } as const;
  // Member lists carry at most MAX_IDS_PER_REQUEST ids; a bigger group is sent in slices (POST members/).
  const bodyLimit = Math.max(ctx.config.bodyLimitBytes, ID_LIST_BODY_LIMIT_BYTES);
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
    async (request) =>
      pageAnswer(request, await listCustomerGroups(ctx, merchantIdOf(request), request.query)),
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
    async (request) =>
      pageAnswer(
        request,
        await listCustomerGroupMembers(ctx, merchantIdOf(request), request.params.group_id, request.query),
      ),
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

  app.post(
    `${one}members/`,
    {
      config: write,
      bodyLimit,
      preValidation: checkPath,
      schema: {
        params: groupParams,
        body: addCustomerGroupMembersSchema,
        response: { 200: customerGroupWriteAnswerSchema },
      },
    },
    (request) => addCustomerGroupMembers(ctx, actorOf(request), request.params.group_id, request.body),
  );

  app.delete(
    `${one}members/:customer_id/`,
    { config: write, preValidation: checkPath, schema: { params: memberParams } },
    async (request, reply) => {
      const { group_id: groupId, customer_id: customerId } = request.params;
      await removeCustomerGroupMember(ctx, merchantIdOf(request), groupId, customerId);
      return reply.status(204).send();
    },
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
