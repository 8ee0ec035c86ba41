// Run by payment.crash.test.ts as its own process: the real API on the test's database whose processor, once
// the sandbox has answered a charge, tells the test and hangs before the answer is recorded — so the test can
// SIGKILL it between the processor's answer and our commit, the way a crash or a deploy ends a server.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import * as schema from '../../db/schema';
import type { PaymentProcessor } from '../../providers/payments/payment-processor';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import { createStripeProcessor } from '../../providers/payments/stripe/stripe-processor';

// The test hands over its database.pgConfig (a pg.PoolConfig) and its JWT secret, so its tokens work here,
// and, to crash against the Stripe stand-in instead of the sandbox, the stand-in's URL and key.
const pgConfig = JSON.parse(process.env.PAYLANE_CRASH_PG_CONFIG ?? '{}') as pg.PoolConfig;
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: process.env.PAYLANE_CRASH_JWT_SECRET ?? '',
  DATA_DIR: 'unused-in-tests',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
});
const db = drizzle({ client: new pg.Pool({ ...pgConfig, max: 3 }), schema });
const stripeUrl = process.env.PAYLANE_CRASH_STRIPE_URL;
const processor = stripeUrl
  ? createStripeProcessor({ secretKey: process.env.PAYLANE_CRASH_STRIPE_KEY ?? '', apiUrl: stripeUrl })
  : createSandboxProcessor({ db, now: () => new Date(), delayMs: 0, bankSettleMs: 0 });
const payments: PaymentProcessor = {
  ...processor,
  async charge(request) {
    await processor.charge(request);
    process.send?.({ type: 'charged', reference: request.reference });
    return new Promise(() => undefined);
  },
};
const app = await buildApp({ config, db, payments, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
