import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { merchants } from '../db/schema';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../db/seed/demo';
import { createCipher } from '../lib/encryption';
import { createAppContext } from '../context';
import type { JobQueue } from '../jobs/queue';
import { startTestQueue } from '../jobs/job-test-helpers';
import { startWorkers } from '../jobs/registry';
import { createJobs, startBackgroundLoops } from '../worker';
import { createTestDatabase } from './database';

export { DEMO_PASSWORD };

/** A clock the test moves by hand; the app reads it for token expiry, throttling windows and links. */
export type TestClock = { now: () => Date; advance(seconds: number): void };

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (seconds) => (current += seconds * 1000) };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  /** The job queue, when the app was created with `jobs: true`. */
  queue: JobQueue | null;
  /** Real HTTP against the listening app. */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<TestResponse>;
  signIn(email: string, password?: string): Promise<{ access: string; refresh: string }>;
  /** The access token of a demo user (admin@, staff@ or superadmin@demo.paylane.test). */
  demoToken(role: DemoRole): Promise<string>;
  /** The id of the demo merchant, Demo Motors. */
  demoMerchantId(): Promise<string>;
  close(): Promise<void>;
};

export type DemoRole = 'admin' | 'staff' | 'superadmin';

export type TestResponse = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON

export type TestAppOptions = {
  /** Start a job queue and run every feature's workers in the test process (imports, sends). */
  jobs?: boolean;
  /** Capture the app's log (at LOG_LEVEL) instead of having none. */
  logStream?: DestinationStream;
};

/** The real app on a fresh database with the demo seeded, listening on a random local port. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: 'unused-in-tests',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  const clock = createTestClock();
  await seedDemoIfEmpty(database.db, createCipher(config.encryptionKey), clock.now());
  const queue = options.jobs ? await startTestQueue(database) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    now: clock.now,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    queue,
  });
  let loops: { stop(): Promise<void> } | undefined;
  if (queue) {
    const ctx = createAppContext({ config, db: database.db, log: app.log, now: clock.now, queue });
    await startWorkers(queue, createJobs(ctx));
    loops = startBackgroundLoops(ctx);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const request: TestApp['request'] = async (path, init = {}) => {
    const { json, token, headers, ...rest } = init;
    const response = await fetch(baseUrl + path, {
      ...rest,
      headers: {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body };
  };

  const signIn: TestApp['signIn'] = async (email, password = DEMO_PASSWORD) => {
    const response = await request('/api/token/', { method: 'POST', json: { email, password } });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  const demoToken: TestApp['demoToken'] = async (role) => (await signIn(`${role}@demo.paylane.test`)).access;
  const demoMerchantId: TestApp['demoMerchantId'] = async () => {
    const [merchant] = await database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.name, 'Demo Motors'));
    if (!merchant) throw new Error('the demo merchant is missing');
    return merchant.id;
  };

  return {
    app,
    database,
    config,
    clock,
    request,
    signIn,
    demoToken,
    demoMerchantId,
    queue: queue ?? null,
    async close() {
      await app.close();
      await loops?.stop();
      await queue?.stop({ graceful: false });
      await database.close();
    },
  };
}

/** The claims of a JWT, read without verifying (what a client sees). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
}
