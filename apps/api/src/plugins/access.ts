import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Capability } from '@paylane/shared/permissions';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../context';
import { forbidden, notFound, notAuthenticated } from '../kit/errors';
import { isUuid } from '@paylane/shared/validation';
import { hashSecret } from '../lib/secrets';
import { findActiveApiKeyByHash, touchApiKeyLastUsed } from '../modules/api-keys/api-keys.service';
import {
  findMerchantById,
  type MembershipAccess,
  type MerchantRow,
} from '../modules/merchants/merchant-lookup.service';
import { readCaller } from './caller-read';

/**
 * What a route requires (docs/conventions.md §4: every route declares it; registering an /api/ route without it
 * fails at startup). `merchant` routes carry a `merchant_id` path parameter and check membership first.
 */
export type RouteAccess =
  | { public: true }
  | { authenticated: true }
  | { superAdmin: true }
  | {
      merchant: 'member' | Capability;
      /** The partner who onboarded the merchant may read this route too (docs/product.md §1 partners). */
      partner?: 'read';
    };
type MerchantRule = Extract<RouteAccess, { merchant: unknown }>;

export type RegisteredApiRoute = { method: string; url: string; access: RouteAccess };

export type AuthUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isSuperAdmin: boolean;
  isPartner: boolean;
};
export type MerchantAccess = { merchant: MerchantRow } & MembershipAccess;
/** A caller authenticated by `Authorization: Api-Key <key>`: it acts for its own merchant only. */
export type ApiKeyCaller = { id: string; merchantId: string };

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every /api/ route with its access rule, for the tests that walk them all. */
    apiRoutes: RegisteredApiRoute[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
    apiKey: ApiKeyCaller | null;
    merchantAccess: MerchantAccess | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export const accessPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('merchantAccess', null);

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    const name = `${String(route.method)} ${route.url}`;
    if (!access) throw new Error(`Route ${name} declares no access rule (config.access)`);
    // Tenant isolation starts here: a merchant's path is reachable only through a membership check.
    if (route.url.includes(':merchant_id') && !('merchant' in access)) {
      throw new Error(`Route ${name} is merchant-scoped but its access rule checks no membership`);
    }
    for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, access });
  });

  // onRequest: the caller is checked before the body is parsed or validated, so another tenant never
  // learns anything from a validation answer.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const merchantId = 'merchant' in access ? merchantIdOfPath(request) : null;
    const caller = await authenticate(ctx, request, merchantId);
    if ('apiKey' in caller) {
      // Keys reach their merchant's routes only; user-level routes (profile, switcher) are not theirs.
      if (!('merchant' in access)) throw forbidden();
      request.apiKey = caller.apiKey;
    } else {
      request.user = caller.user;
    }
    if ('superAdmin' in access && !request.user?.isSuperAdmin) throw forbidden();
    if ('merchant' in access) {
      // An id that cannot exist and a merchant the caller does not belong to look the same: 404, no data.
      if (merchantId === null) throw notFound();
      const found =
        'apiKey' in caller ? await apiKeyMerchant(ctx, caller.apiKey, merchantId) : caller.merchant;
      request.merchantAccess = authorizeMerchant(request, found, access);
    }
  });
});

/** The signed-in user of a route whose access rule requires one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** The merchant and the caller's roles in it, for routes with a `merchant` access rule. */
export function currentMerchantAccess(request: FastifyRequest): MerchantAccess {
  if (!request.merchantAccess) throw notFound();
  return request.merchantAccess;
}

/** What a signed-in user's request read with them: the merchant its path names, and their membership there. */
type MerchantRead = { merchant: MerchantRow | null; membership: MembershipAccess | null };

async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  merchantId: string | null,
): Promise<{ user: AuthUser; merchant: MerchantRead } | { apiKey: ApiKeyCaller }> {
  const header = request.headers.authorization;
  if (!header) throw notAuthenticated();
  const [scheme, token] = header.split(' ');
  if (scheme === 'Api-Key' && token) return { apiKey: await authenticateApiKey(ctx, token) };
  if (scheme !== 'Bearer' || !token) throw notAuthenticated(messages.tokenInvalid);
  const claims = await ctx.tokens.verifyAccess(token);
  if (!claims) throw notAuthenticated(messages.tokenInvalid);
  // Read the user on each request so a disabled user or a removed super admin loses access at once, and a
  // session that ended (logout, password reset) with it; the merchant and membership come in the same read.
  const read = await readCaller(ctx.db, { userId: claims.user_id, familyId: claims.fid ?? null, merchantId });
  if (!read || !read.user.isActive || read.user.isSessionRevoked)
    throw notAuthenticated(messages.tokenInvalid);
  const { id, email, firstName, lastName, isSuperAdmin, isPartner } = read.user;
  const user = { id, email, firstName, lastName, isSuperAdmin, isPartner };
  const membership = isSuperAdmin ? superAdminAccess : read.membership;
  return { user, merchant: { merchant: read.merchant, membership } };
}

async function authenticateApiKey(ctx: AppContext, key: string): Promise<ApiKeyCaller> {
  const row = await findActiveApiKeyByHash(ctx.db, hashSecret(key));
  if (!row) throw notAuthenticated(messages.tokenInvalid);
  await touchApiKeyLastUsed(ctx.db, row.id, ctx.now());
  return { id: row.id, merchantId: row.merchantId };
}

function merchantIdOfPath(request: FastifyRequest): string | null {
  const merchantId = (request.params as Record<string, unknown> | undefined)?.merchant_id;
  return typeof merchantId === 'string' && isUuid(merchantId) ? merchantId : null;
}

function authorizeMerchant(request: FastifyRequest, found: MerchantRead, rule: MerchantRule): MerchantAccess {
  const { merchant, membership } = found;
  if (!merchant) throw notFound();
  const access = membership ?? partnerAccess(request.user, merchant, rule);
  if (!access) throw notFound();
  if (rule.merchant !== 'member' && !holdsCapability(request, { merchant, ...access }, rule.merchant)) {
    throw forbidden();
  }
  return { merchant, ...access };
}

/** Whether the caller of a merchant route also holds another capability (docs/product.md §6), e.g. free text. */
export function callerCan(request: FastifyRequest, capability: Capability): boolean {
  return holdsCapability(request, currentMerchantAccess(request), capability);
}

function holdsCapability(request: FastifyRequest, access: MerchantAccess, capability: Capability): boolean {
  const subject = {
    isSuperAdmin: request.user?.isSuperAdmin ?? false,
    roles: access.roles,
    flags: access.flags,
  };
  const merchantFlags = {
    check_custom_roles: access.merchant.checkCustomRoles,
    allow_group_message: access.merchant.allowGroupMessage,
    is_integrated: access.merchant.isIntegrated,
  };
  return can(subject, merchantFlags, capability);
}

/** Super admins hold every merchant. */
const superAdminAccess: MembershipAccess = {
  roles: ['super_admin'],
  roleNames: ['super_admin'],
  flags: {},
  customRole: null,
};

/** An API key holds staff rights in its own merchant, and nothing in another. */
async function apiKeyMerchant(
  ctx: AppContext,
  apiKey: ApiKeyCaller,
  merchantId: string,
): Promise<MerchantRead> {
  const merchant = await findMerchantById(ctx.db, merchantId);
  const isOwnMerchant = apiKey.merchantId === merchantId;
  return {
    merchant,
    membership: isOwnMerchant
      ? { roles: ['staff'], roleNames: ['staff'], flags: {}, customRole: null }
      : null,
  };
}

/** A partner reads the merchants they onboarded, on routes that allow it, and nothing else. */
function partnerAccess(
  user: AuthUser | null,
  merchant: MerchantRow,
  rule: MerchantRule,
): MembershipAccess | null {
  const isOnboardingPartner = user?.isPartner === true && merchant.partnerUserId === user.id;
  if (!isOnboardingPartner || rule.partner !== 'read' || rule.merchant !== 'member') return null;
  return { roles: ['partner'], roleNames: ['partner'], flags: {}, customRole: null };
}
