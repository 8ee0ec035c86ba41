import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestClock, type TestClock } from '../test/app';
import { createTestDatabase } from '../test/database';

const TOO_MANY = { detail: 'Too many requests. Try again later.' };
const SOME_USER = '6f1c1f4e-4a8e-4c55-9d8a-0b6a0d1e2f33';

// Two API processes on one database, as in production (ROLE=api twice): the count lives in the database, so
// a client cannot double its budget by landing on the other process.
describe('public endpoint rate limits across API processes', () => {
  let database: Database;
  let clock: TestClock;
  const apps: FastifyInstance[] = [];
  const baseUrls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    clock = createTestClock();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: 'unused-in-tests',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      RATE_LIMIT_PER_IP: '3',
    });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, db: database.db, now: clock.now, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      baseUrls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  const post = async (processIndex: number, path: string, json: unknown) => {
    const response = await fetch(baseUrls[processIndex] + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const ssoGuess = (processIndex: number) =>
    post(processIndex, '/api/sso-auth/', { id: SOME_USER, token: 'a-guessed-token' });
  const resetGuess = (processIndex: number) =>
    post(processIndex, '/api/password-reset/confirm/', {
      id: SOME_USER,
      token: 'a-guessed-token',
      password: 'Guessed-Pass-1',
      password_confirm: 'Guessed-Pass-1',
    });

  it('shares one count between two processes: the (N+1)th request answers 429 with Retry-After', async () => {
    expect((await ssoGuess(0)).status).toBe(401);
    expect((await ssoGuess(1)).status).toBe(401);
    expect((await ssoGuess(0)).status).toBe(401);
    const refused = await ssoGuess(1);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await ssoGuess(0)).status).toBe(429);

    // Each endpoint has its own budget, and the window opens again.
    expect((await resetGuess(0)).status).toBe(400);
    clock.advance(901);
    expect((await ssoGuess(1)).status).toBe(401);
  });

  it('counts parallel requests on both processes exactly', async () => {
    clock.advance(901);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => resetGuess(i % 2)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(400), ...Array(9).fill(429)]);
  });

  // Exempt: health (probes), the OpenAPI document (static), Twilio's, Stripe's and the sandbox's webhooks (signature-checked, and a
  // vendor's bursts must not be refused) and the dev outbox (never in production).
  it('limits every public route except health, the API document, vendor webhooks and the dev outbox', () => {
    const exempt =
      /^(GET|HEAD) \/api\/(health|docs)\/$|^POST \/api\/webhooks\/(twilio|stripe|sandbox)\/|^\w+ \/api\/dev\//;
    const publicRoutes = apps[0]!.apiRoutes.filter((route) => 'public' in route.access);
    const unlimited = publicRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !exempt.test(route) && !apps[0]!.rateLimitedRoutes.includes(route));
    expect(unlimited).toEqual([]);
    expect(apps[0]!.rateLimitedRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/token/',
        'POST /api/token/refresh/',
        'POST /api/token/blacklist/',
        'POST /api/sso-auth/',
        'POST /api/password-reset/',
        'POST /api/password-reset/confirm/',
        'GET /api/partner-invites/:id/:token/',
        'POST /api/partner-signup/',
        'GET /api/user-invites/:id/:token/',
        'POST /api/user-invites/:id/:token/',
      ]),
    );
  });
});
