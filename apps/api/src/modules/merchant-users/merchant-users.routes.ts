import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema } from '@paylane/shared/contracts/auth';
import {
  merchantUserSchema,
  merchantUsersQuerySchema,
  merchantUserUpdateSchema,
  roleOptionsSchema,
  userInviteAcceptSchema,
  userInviteCreateSchema,
  userInviteSchema,
} from '@paylane/shared/contracts/merchant-users';
import { pageOf } from '@paylane/shared/contracts/paging';
import { can } from '@paylane/shared/permissions';
import type { AppContext } from '../../context';
import { currentMerchantAccess, currentUser } from '../../plugins/access';
import { publicRoute } from '../../plugins/rate-limit';
import {
  disableMerchantUser,
  enableMerchantUser,
  listRoleOptions,
  listUsersOfMerchant,
  updateMerchantUser,
  type ManagerScope,
} from './merchant-users.service';
import { acceptUserInvite, getUserInvite, inviteMerchantUser, resendInvite } from './user-invites.service';
import { pageAnswer } from '../../kit/paging';
import { merchantIdOf } from '../../kit/actor';
import { merchantParams } from '../../kit/path-params';

const manageUsers = { access: { merchant: 'manageUsers' } } as const;
const userParams = merchantParams.extend({ user_id: z.string() });
const inviteParams = z.object({ id: z.string(), token: z.string() });

/** The caller, the merchant, and whether they manage users as an admin (see ManagerScope). */
function managerScope(request: FastifyRequest): ManagerScope {
  const actor = currentUser(request);
  const access = currentMerchantAccess(request);
  const { merchant } = access;
  const subject = { isSuperAdmin: actor.isSuperAdmin, roles: access.roles, flags: access.flags };
  const merchantFlags = {
    check_custom_roles: merchant.checkCustomRoles,
    allow_group_message: merchant.allowGroupMessage,
    is_integrated: merchant.isIntegrated,
  };
  return {
    merchantId: merchant.id,
    merchantName: merchant.name,
    actor,
    // manageRoles is exactly 'admin or super admin' (docs/product.md §6), the level that may touch admins.
    isFullManager: can(subject, merchantFlags, 'manageRoles'),
    flags: access.flags,
    ip: request.ip,
  };
}

export const merchantUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/merchants/:merchant_id/users/',
    {
      config: manageUsers,
      schema: {
        params: merchantParams,
        querystring: merchantUsersQuerySchema,
        response: { 200: pageOf(merchantUserSchema) },
      },
    },
    async (request) =>
      pageAnswer(request, await listUsersOfMerchant(ctx, merchantIdOf(request), request.query)),
  );

  app.get(
    '/api/merchants/:merchant_id/users/role_options/',
    { config: manageUsers, schema: { params: merchantParams, response: { 200: roleOptionsSchema } } },
    (request) => listRoleOptions(ctx, merchantIdOf(request)),
  );

  app.post(
    '/api/merchants/:merchant_id/users/',
    {
      config: manageUsers,
      schema: { params: merchantParams, body: userInviteCreateSchema, response: { 201: merchantUserSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteMerchantUser(ctx, managerScope(request), request.body)),
  );

  app.put(
    '/api/merchants/:merchant_id/users/:user_id/',
    {
      config: manageUsers,
      schema: { params: userParams, body: merchantUserUpdateSchema, response: { 200: merchantUserSchema } },
    },
    (request) => updateMerchantUser(ctx, managerScope(request), request.params.user_id, request.body),
  );

  const actions = {
    resend_invite: resendInvite,
    disable: disableMerchantUser,
    enable: enableMerchantUser,
  } as const;
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/api/merchants/:merchant_id/users/:user_id/${name}/`,
      { config: manageUsers, schema: { params: userParams, response: { 200: merchantUserSchema } } },
      (request) => action(ctx, managerScope(request), request.params.user_id),
    );
  }

  // The invite link's page (public: the invited user has no password yet), limited per IP like every public route.
  const isPublic = publicRoute(ctx.config.rateLimits, 'user-invite');
  app.get(
    '/api/user-invites/:id/:token/',
    { config: isPublic, schema: { params: inviteParams, response: { 200: userInviteSchema } } },
    (request) => getUserInvite(ctx, request.params.id, request.params.token),
  );

  app.post(
    '/api/user-invites/:id/:token/',
    {
      config: isPublic,
      schema: { params: inviteParams, body: userInviteAcceptSchema, response: { 200: detailSchema } },
    },
    (request) => acceptUserInvite(ctx, { ...request.params, password: request.body.password }),
  );
};
