import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@paylane/shared/messages';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { rateLimited } from '../kit/errors';
import { hashSecret } from '../lib/secrets';
import { incrementRateLimitCounter } from '../lib/rate-limit-counters.repository';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    /** "METHOD /url" of every route with a per-IP limit, for the test that finds public routes without one. */
    rateLimitedRoutes: string[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * @fastify/rate-limit with its counts in the database (docs/conventions.md §8: several API processes share the count).
 * Nothing is limited unless a route asks (`config.rateLimit`, see `publicRoute`, or a `limitByKey` hook);
 * a refused request answers 429 `{"detail": ...}` with Retry-After, like every other error.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(ctx),
    errorResponseBuilder: (_request, context) => rateLimited(messages.tooManyRequests, context.ttl / 1000),
  });
  app.decorate('rateLimitedRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.config?.rateLimit) return;
    for (const method of [route.method].flat()) app.rateLimitedRoutes.push(`${method} ${route.url}`);
  });
});

// The plugin builds its store with `new`; the class closes over the context for the database and the clock
// (tests move the clock to open a new window).
function databaseStore(ctx: AppContext): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      const now = ctx.now();
      // Keys name an IP or an email address: the table keeps only their digest.
      incrementRateLimitCounter(ctx.db, { key: hashSecret(key), now, windowMs: timeWindow }).then(
        (count) => callback(null, { current: count.hits, ttl: count.windowEndsAt.getTime() - now.getTime() }),
        (error: Error) => callback(error),
      );
    }

    // Keys already name their group (see publicRoute), so every route shares this one store.
    child() {
      return new DatabaseRateLimitStore();
    }
  };
}

type RateLimits = Config['rateLimits'];

/**
 * The config of a public route limited per client IP (an IPv6 client by its /64): `max` requests (default
 * RATE_LIMIT_PER_IP) per window to the routes of `group` together, counted before the body is read.
 */
export function publicRoute(limits: RateLimits, group: string, max: number = limits.perIp) {
  const rateLimit: RateLimitOptions = {
    max,
    timeWindow: limits.windowSeconds * 1000,
    keyGenerator: (request) => `${group}|ip|${normalizeIP(request.ip)}`,
  };
  return { access: { public: true }, rateLimit } as const;
}

/**
 * A preHandler hook limiting requests by something in the request other than the IP (an email address in the
 * body): `max` per window for each key of `group`. Runs after validation, so `key` may read the parsed body.
 */
export function limitByKey(
  app: FastifyInstance,
  input: { group: string; max: number; windowSeconds: number; key: (request: FastifyRequest) => string },
) {
  const check = app.createRateLimit({
    max: input.max,
    timeWindow: input.windowSeconds * 1000,
    keyGenerator: (request) => `${input.group}|${input.key(request)}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw rateLimited(messages.tooManyRequests, limit.ttl / 1000);
    }
  };
}
