import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@paylane/shared/contracts/paging';
import { roleSchema, rolesQuerySchema, roleWriteSchema } from '@paylane/shared/contracts/roles';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/access';
import {
  createRole,
  deleteRoleOfMerchant,
  getRoleRow,
  listRoles,
  toRole,
  updateRoleOfMerchant,
  type RoleEditor,
} from './roles.service';
import { pageAnswer } from '../../kit/paging';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

const manageRoles = { access: { merchant: 'manageRoles' } } as const;
const roleParams = merchantParams.extend({ role_id: z.string() });

const editorOf = (request: FastifyRequest): RoleEditor => ({
  merchantId: merchantIdOf(request),
  actorUserId: currentUser(request).id,
  ip: request.ip,
});

/** Custom roles of a merchant (docs/product.md §2 settings/roles, §7 GET/POST/PUT .../roles/ and .../roles/{id}/). */
export const roleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/roles/',
    {
      config: manageRoles,
      schema: {
        params: merchantParams,
        querystring: rolesQuerySchema,
        response: { 200: pageOf(roleSchema) },
      },
    },
    async (request) => pageAnswer(request, await listRoles(ctx, merchantIdOf(request), request.query)),
  );

  app.post(
    '/api/merchants/:merchant_id/roles/',
    {
      config: manageRoles,
      schema: { params: merchantParams, body: roleWriteSchema, response: { 201: roleSchema } },
    },
    async (request, reply) => reply.status(201).send(await createRole(ctx, editorOf(request), request.body)),
  );

  app.get(
    '/api/merchants/:merchant_id/roles/:role_id/',
    { config: manageRoles, schema: { params: roleParams, response: { 200: roleSchema } } },
    async (request) => toRole(await getRoleRow(ctx, merchantIdOf(request), request.params.role_id)),
  );

  app.put(
    '/api/merchants/:merchant_id/roles/:role_id/',
    {
      config: manageRoles,
      schema: { params: roleParams, body: roleWriteSchema, response: { 200: roleSchema } },
    },
    (request) => updateRoleOfMerchant(ctx, editorOf(request), request.params.role_id, request.body),
  );

  app.delete(
    '/api/merchants/:merchant_id/roles/:role_id/',
    { config: manageRoles, schema: { params: roleParams } },
    async (request, reply) => {
      await deleteRoleOfMerchant(ctx, editorOf(request), request.params.role_id);
      return reply.status(204).send();
    },
  );
};
